import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Caller } from '../caller.ts';
import type { Services } from '../context.ts';
import { type Scope, scopeCovers } from '../key-limits.ts';
import { toolScope } from '../pipeline/key-checks.ts';
import type { Platform } from '../platform-families.ts';
import { publishedForm } from '../tools/arguments.ts';
import { callerAccounts } from '../tools/caller-accounts.ts';
import { declaresMoney } from '../tools/changes/declaration.ts';
import { outputJsonSchema } from '../tools/output-schema.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import type { Tool } from '../tools/tool.ts';
import { toolTitle } from '../tools/tool-title.ts';
import { compactSchema } from './compact-schema.ts';

const listings = new WeakMap<
  ToolRegistry,
  Array<{ tool: McpTool; scope: Scope; platform: Platform | null }>
>();

/**
 * The tools/list answer: only the tools the key's scope allows, and of the platform tools only those of
 * `platforms` (all of them when absent), since every listed tool costs an agent context. The input schemas
 * are generated from the zod schemas the pipeline validates with, so what a client is told and what the
 * service accepts cannot drift apart. The registry is fixed at start, so the list is made once.
 */
export function mcpToolList(
  registry: ToolRegistry,
  scope: Scope,
  platforms?: ReadonlySet<Platform>,
): McpTool[] {
  let listing = listings.get(registry);
  if (!listing) {
    listing = [...registry.values()].map((tool) => ({
      tool: toMcpTool(tool),
      scope: toolScope(tool),
      platform: tool.platform,
    }));
    listings.set(registry, listing);
  }
  const shown = (platform: Platform | null) => platform === null || !platforms || platforms.has(platform);
  return listing
    .filter((entry) => scopeCovers(scope, entry.scope) && shown(entry.platform))
    .map((entry) => entry.tool);
}

/**
 * A caller's tool list: the platforms are those of the accounts it may act on. A caller with no account yet
 * sees every platform's tools, to learn what connecting one would offer.
 */
export async function callerToolList(services: Services, caller: Caller): Promise<McpTool[]> {
  const accounts = await callerAccounts(services.storage.db, caller);
  const platforms = new Set(accounts.map((account) => account.platform as Platform));
  return mcpToolList(services.tools, caller.limits.scope, platforms.size > 0 ? platforms : undefined);
}

/**
 * What a successful call's structuredContent holds: the tool's answer or, for a change that may wait for
 * the owner (HTTP 202 on REST), the approval it waits for.
 */
function mcpOutputSchema(tool: Tool): Record<string, unknown> | undefined {
  const output = outputJsonSchema(tool, 'draft-7');
  if (!output || !declaresMoney(tool.changes)) return output;
  const waiting = {
    type: 'object',
    properties: {
      approval: { type: 'object', description: 'The approval the change waits for (get_approval).' },
    },
    required: ['approval'],
  };
  return { type: 'object', anyOf: [output, waiting] };
}

function toMcpTool(tool: Tool): McpTool {
  const output = mcpOutputSchema(tool);
  return {
    name: tool.name,
    title: toolTitle(tool),
    description: tool.description,
    // What a caller may send (fields with defaults are optional), in draft-07 as the SDK's own
    // McpServer emits it: the dialect every MCP client is known to read.
    inputSchema: compactSchema(
      z.toJSONSchema(tool.input, { io: 'input', target: 'draft-7', override: publishedForm('mcp') }),
    ) as McpTool['inputSchema'],
    ...(output && { outputSchema: output as McpTool['outputSchema'] }),
    annotations: { title: toolTitle(tool), ...tool.annotations },
  };
}
