import { z } from 'zod';
import type { Tool } from './tool.ts';

type Json = Record<string, unknown>;

/**
 * A tool's `structured` answer as JSON Schema, in the dialect a door publishes (draft-07 for MCP, 2020-12
 * for OpenAPI); undefined for a tool without an output schema.
 */
export function outputJsonSchema(tool: Tool, target: 'draft-7' | 'draft-2020-12'): Json | undefined {
  if (!tool.output) return undefined;
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.output, { io: 'output', target }) as Json;
  return schema;
}
