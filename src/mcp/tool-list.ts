import type { Tool as McpTool, ProtocolEra } from '@modelcontextprotocol/server';
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
import { compactSchema, withoutSafeIntegerBounds } from './compact-schema.ts';
import { RESULTS_APP_META, showsResultsApp } from './results-app.ts';
import { shareRepeatedShapes } from './shared-shapes.ts';

type Listing = Array<{ tool: McpTool; scope: Scope; platform: Platform | null }>;

const listings = new WeakMap<ToolRegistry, Partial<Record<ProtocolEra, Listing>>>();

/**
 * The tools/list answer: only the tools the key's scope allows, and of the platform tools only those of
 * `platforms` (all of them when absent), since every listed tool costs an agent context. The input schemas
 * are generated from the zod schemas the pipeline validates with, so what a client is told and what the
 * service accepts cannot drift apart. The registry is fixed at start, so the list is made once for each
 * protocol era: 2025-era clients get draft-07 schemas with every shape inline, 2026-07-28 clients JSON
 * Schema 2020-12 with each repeated shape once, in `$defs`.
 */
export function mcpToolList(
  registry: ToolRegistry,
  scope: Scope,
  platforms?: ReadonlySet<Platform>,
  era: ProtocolEra = 'legacy',
): McpTool[] {
  const byEra = listings.get(registry) ?? {};
  listings.set(registry, byEra);
  let listing = byEra[era];
  if (!listing) {
    listing = [...registry.values()].map((tool) => ({
      tool: toMcpTool(tool, era),
      scope: toolScope(tool),
      platform: tool.platform,
    }));
    byEra[era] = listing;
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
export async function callerToolList(
  services: Services,
  caller: Caller,
  era: ProtocolEra,
): Promise<McpTool[]> {
  const accounts = await callerAccounts(services.storage.db, caller);
  const platforms = new Set(accounts.map((account) => account.platform as Platform));
  return mcpToolList(services.tools, caller.limits.scope, platforms.size > 0 ? platforms : undefined, era);
}

/**
 * What a successful call's structuredContent holds: the tool's answer or, for a change that may wait for
 * the owner (HTTP 202 on REST), the approval it waits for.
 */
function mcpOutputSchema(tool: Tool, era: ProtocolEra): Record<string, unknown> | undefined {
  const output =
    era === 'modern'
      ? withoutSafeIntegerBounds(outputJsonSchema(tool, 'draft-2020-12'))
      : outputJsonSchema(tool, 'draft-7');
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

function toMcpTool(tool: Tool, era: ProtocolEra): McpTool {
  const modern = era === 'modern';
  // What a caller may send (fields with defaults are optional): for 2025-era clients in draft-07, as the
  // v1 SDK's McpServer emitted it, the dialect every such client is known to read.
  const input = compactSchema(
    z.toJSONSchema(tool.input, {
      io: 'input',
      target: modern ? 'draft-2020-12' : 'draft-7',
      override: publishedForm('mcp'),
    }),
  );
  const output = mcpOutputSchema(tool, era);
  return {
    name: tool.name,
    title: toolTitle(tool),
    description: tool.description,
    inputSchema: (modern ? shareRepeatedShapes(input) : input) as McpTool['inputSchema'],
    ...(output && {
      outputSchema: (modern ? shareRepeatedShapes(output) : output) as McpTool['outputSchema'],
    }),
    annotations: { title: toolTitle(tool), ...tool.annotations },
    ...(showsResultsApp(tool) && { _meta: RESULTS_APP_META }),
  };
}
