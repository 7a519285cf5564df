import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo, seedDemoApproval } from '../../src/demo.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { connectCurrentOverHttp, connectOverHttp } from './clients.ts';

/** What these tests ask of a client, which both SDK generations offer. */
interface ListingClient {
  listTools(): Promise<{ tools: Array<{ name: string; outputSchema?: { type?: unknown } }> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{
    isError?: boolean;
    content?: unknown;
    structuredContent?: unknown;
  }>;
  close(): Promise<void>;
}

// The official MCP SDK clients check a result's structuredContent against the outputSchema the tool
// list declared, and refuse the result when they differ: the v1 client (2025-11-25, draft-07 schemas with
// every shape inline) and the v2 client (2026-07-28, JSON Schema 2020-12 with shared shapes in $defs).
// Each tool's example, called as written on a fresh demo database, must pass both, and parse with the zod
// schema the server's own is made from.
describe.each(
  TEST_DIALECTS.flatMap(
    (dialect) =>
      [
        [dialect, '2025-11-25', connectOverHttp],
        [dialect, '2026-07-28', connectCurrentOverHttp],
      ] as const,
  ),
)('structured output through the MCP SDK client (%s, %s)', (dialect, _protocol, connect) => {
  let service: TestService;
  let client: ListingClient;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_TIER_LIMITS: 'free=1000,plus=150,pro=600,max=3000' },
    });
    const demo = await ensureDemo(service.services);
    await seedDemoApproval(service.services, demo);
    client = (await connect(service.url, demo.key)) as unknown as ListingClient;
    await client.listTools();
  });
  afterAll(async () => {
    await client.close();
    await service.stop();
  });

  it('every tool declares an output schema, an object', async () => {
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => tool.outputSchema?.type !== 'object').map((tool) => tool.name)).toEqual([]);
  });

  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: its example answers structured content the SDK accepts',
    async (name, tool) => {
      const result = await client.callTool({ name, arguments: tool.example as Record<string, unknown> });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toBeDefined();
      expect(() => tool.output?.parse(result.structuredContent)).not.toThrow();
    },
  );
});
