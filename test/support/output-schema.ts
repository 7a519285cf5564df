import { expect } from 'vitest';
import { z } from 'zod';
import type { Tool } from '../../src/tools/tool.ts';

/** The schema with every object strict at every depth: a field the schema does not list fails. */
export function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([field, value]) => [field, strictly(value)])),
    );
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

/** A structured answer checked against its tool's output schema, exactly: returned as parsed. */
export function outputOf(tool: Tool, structured: unknown): any {
  expect(tool.output, `${tool.name} declares no output schema`).toBeDefined();
  const parsed = strictly(tool.output as z.ZodType).safeParse(structured);
  expect(parsed.error?.issues ?? [], `${tool.name}: ${JSON.stringify(structured)}`).toEqual([]);
  return parsed.data;
}
