import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo, seedDemoApproval } from '../../src/demo.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { connectOverHttp } from './clients.ts';

// The official MCP SDK client checks a result's structuredContent against the outputSchema the tool
// list declared, and refuses the result when they differ: each tool's example, called as written on a
// fresh demo database, must pass it, and parse with the zod schema the server's own is made from.
describe.each(TEST_DIALECTS)('structured output through the MCP SDK client (%s)', (dialect) => {
  let service: TestService;
  let client: Client;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_TIER_LIMITS: 'free=1000,plus=150,pro=600,max=3000' },
    });
    const demo = await ensureDemo(service.services);
    await seedDemoApproval(service.services, demo);
    client = await connectOverHttp(service.url, demo.key);
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
