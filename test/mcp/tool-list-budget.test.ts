import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpToFunctionTool } from '@openai/agents-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo } from '../../src/demo.ts';
import { mcpToolList } from '../../src/mcp/tool-list.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { ALL_TOOLS, createRegistry } from '../../src/tools/registry.ts';
import { TestService } from '../support/service.ts';
import { connectOverHttp } from './clients.ts';

/** What a tool costs an agent's context in tools/list: its name, description and input schema. */
function listedBytes(tool: { name: string; description?: string; inputSchema: unknown }): number {
  return Buffer.byteLength(
    JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }),
  );
}

/** The bytes of a tools/list result holding `tools`, as it goes on the wire (without the JSON-RPC frame). */
const listBytes = (tools: unknown[]) => Buffer.byteLength(JSON.stringify({ tools }));

describe('the MCP tool list an agent carries in its context', () => {
  const listed = mcpToolList(createRegistry(), 'spend');
  const current = mcpToolList(createRegistry(), 'spend', undefined, 'modern');

  // Measured 2026-12-02 (docs/mcp.md): 296,264 bytes for 2025-era clients, 259,688 on 2026-07-28, whose
  // schemas hold each repeated shape once. The bound is the measured size and 2% more: a tool or a field
  // more is fine, a schema that stops sharing its shapes is not.
  it('holds every output schema in at most 265,000 bytes on 2026-07-28, less than the inline form', () => {
    expect(current).toHaveLength(ALL_TOOLS.length);
    expect(current.every((tool) => tool.outputSchema !== undefined)).toBe(true);
    expect(listBytes(current)).toBeLessThanOrEqual(265_000);
    expect(listBytes(current)).toBeLessThan(listBytes(listed) * 0.9);
    // A report's row, money and period shapes are written once: its output schema under half the inline one.
    const report = (list: typeof listed) =>
      Buffer.byteLength(
        JSON.stringify(list.find((tool) => tool.name === 'get_search_campaign_performance')?.outputSchema),
      );
    expect(report(current)).toBeLessThan(report(listed) / 2);
  });

  it('gives 2025-era clients every shape inline, with no $ref they may not follow', () => {
    expect(JSON.stringify(listed)).not.toContain('$ref');
    expect(JSON.stringify(current)).toContain('"$ref":"#/$defs/');
  });

  it('averages at most 1,500 bytes per tool, all platforms', () => {
    const total = listed.reduce((sum, tool) => sum + listedBytes(tool), 0);
    expect(listed).toHaveLength(ALL_TOOLS.length);
    expect(total / listed.length).toBeLessThanOrEqual(1500);
  });

  // The OpenAI Agents SDK converts an MCP tool's schema to strict mode, or falls back to a non-strict
  // tool (a model may then send anything) when the schema has what strict mode refuses.
  it.each([
    ...listed.map((tool) => [tool.name, '2025-11-25', tool] as const),
    ...current.map((tool) => [tool.name, '2026-07-28', tool] as const),
  ])('%s converts to OpenAI strict mode as listed on %s', (_name, _protocol, tool) => {
    const converted = mcpToFunctionTool(tool as never, { name: 'adops' } as never, true) as unknown as {
      strict: boolean;
      parameters: { required: string[]; properties: Record<string, unknown> };
    };
    expect(converted.strict).toBe(true);
    // Strict mode makes every field required (optional ones nullable): none is lost on the way.
    expect(converted.parameters.required.toSorted()).toEqual(
      Object.keys((tool.inputSchema as { properties?: object }).properties ?? {}).toSorted(),
    );
  });
});

describe('tools/list shows a caller the tools of its platforms', () => {
  let service: TestService;
  const clients: Client[] = [];
  beforeAll(async () => {
    service = await TestService.start('sqlite');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await service.stop();
  });

  async function listedNames(key: string): Promise<string[]> {
    const client = await connectOverHttp(service.url, key);
    clients.push(client);
    return (await client.listTools()).tools.map((tool) => tool.name);
  }
  const platformless = ALL_TOOLS.filter((tool) => tool.platform === null).map((tool) => tool.name);
  const of = (...platforms: string[]) =>
    ALL_TOOLS.filter((tool) => tool.platform === null || platforms.includes(tool.platform)).map(
      (tool) => tool.name,
    );

  it('a key limited to one Google account sees the Google tools and those of no platform', async () => {
    const owner = await service.createOwner('free', ['search', 'video']);
    const [google] = await listAdAccounts(service.services.storage.db, owner.userId, 'search');
    const key = await service.createKeyFor(owner, {
      accounts: [{ platform: 'search', accountId: google?.account_id ?? '' }],
    });
    const names = await listedNames(key);
    expect(names).toEqual(of('search'));
    expect(names).toEqual(expect.arrayContaining(platformless));
    // The owner's own key sees both connected platforms.
    expect(await listedNames(owner.key)).toEqual(of('search', 'video'));
  });

  it('an owner with no account yet sees every platform, to learn what connecting one offers', async () => {
    const owner = await service.createOwner();
    expect(await listedNames(owner.key)).toEqual(ALL_TOOLS.map((tool) => tool.name));
  });

  it('the demo key sees all four platforms', async () => {
    const demo = await ensureDemo(service.services);
    expect(await listedNames(demo.key)).toEqual(ALL_TOOLS.map((tool) => tool.name));
  });
});
