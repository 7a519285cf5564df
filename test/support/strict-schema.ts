import { z } from 'zod';

/**
 * An output schema with every plain object in it made strict: an answer that carries a field the schema
 * does not list fails to parse, so a schema cannot silently fall behind its tool's answer.
 */
export function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strictly(field)])),
    );
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodUnion) {
    return z.union((schema.options as z.ZodType[]).map((option) => strictly(option)));
  }
  return schema;
}
