import type { z } from 'zod';

/**
 * A schema factory (a page of items, an envelope around data) that builds its schema once per item schema,
 * keeping the factory's own (generic) signature. zod compiles a schema when it first parses with it, so a
 * schema built for each answer is compiled for each answer: on a read, that costs more than the reading.
 */
export function schemaPerItem<Build extends (item: z.ZodType) => z.ZodType>(build: Build): Build {
  const built = new WeakMap<z.ZodType, z.ZodType>();
  const cached = (item: z.ZodType) => {
    let schema = built.get(item);
    if (!schema) {
      schema = build(item);
      built.set(item, schema);
    }
    return schema;
  };
  return cached as Build;
}
