import { z } from 'zod';
import { publishedForm } from '../tools/arguments.ts';
import type { Tool } from '../tools/tool.ts';
import type { JsonSchema } from './openapi-schemas.ts';

/** `update_ad_headlines` → `UpdateAdHeadlinesArguments`: the component, and the client's type, of its arguments. */
export function argumentsSchemaName(toolName: string): string {
  const pascal = toolName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
  return `${pascal}Arguments`;
}

/** `update_ad_headlines` → `UpdateAdHeadlinesResult`: the component, and the client's type, of its answer. */
export function resultSchemaName(toolName: string): string {
  return argumentsSchemaName(toolName).replace(/Arguments$/, 'Result');
}

/**
 * The tool's zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as a caller writes it:
 * fields with a default are optional. Refinements have no JSON Schema form of their own: each one the
 * document can state (exactly one of, unique items, https URLs) carries it in `.meta()`; the few it cannot
 * (sums across fields, dates against today, brand words) are in the descriptions, and the service checks all.
 */
export function argumentsSchema(tool: Tool): JsonSchema {
  let schema: JsonSchema;
  try {
    // Cycles would need $defs, whose refs cannot resolve inside an OpenAPI component: fail loudly instead.
    schema = z.toJSONSchema(tool.input, {
      io: 'input',
      target: 'draft-2020-12',
      cycles: 'throw',
      override: publishedForm('openapi'),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The arguments of ${tool.name} have no JSON Schema form: ${reason}`);
  }
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
