import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type Scope, scopeCovers } from '../key-limits.ts';
import { toolScope } from '../pipeline/key-checks.ts';
import { boundArrays } from '../tools/arguments.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import type { Tool } from '../tools/tool.ts';
import { toolTitle } from '../tools/tool-title.ts';

const listings = new WeakMap<ToolRegistry, Array<{ tool: McpTool; scope: Scope }>>();

/**
 * The tools/list answer for a registry and a key's scope: only the tools the key may call. The input
 * schemas are generated from the zod schemas the pipeline validates with, so what a client is told and
 * what the service accepts cannot drift apart. The registry is fixed at start, so the list is made once.
 */
export function mcpToolList(registry: ToolRegistry, scope: Scope): McpTool[] {
  let listing = listings.get(registry);
  if (!listing) {
    listing = [...registry.values()].map((tool) => ({ tool: toMcpTool(tool), scope: toolScope(tool) }));
    listings.set(registry, listing);
  }
  return listing.filter((entry) => scopeCovers(scope, entry.scope)).map((entry) => entry.tool);
}

function toMcpTool(tool: Tool): McpTool {
  return {
    name: tool.name,
    title: toolTitle(tool),
    description: tool.description,
    // What a caller may send (fields with defaults are optional), in draft-07 as the SDK's own
    // McpServer emits it: the dialect every MCP client is known to read.
    inputSchema: z.toJSONSchema(tool.input, {
      io: 'input',
      target: 'draft-7',
      override: boundArrays,
    }) as McpTool['inputSchema'],
    annotations: { title: toolTitle(tool), ...tool.annotations },
  };
}
