import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo, seedDemoApproval } from '../../src/demo.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { unknownToolNames } from './tool-names.ts';

// Every documented example is a call that runs: each tool's `example` (the one the OpenAPI document, the
// MCP tool list and the typed client show) answers 200 as written, with the demo owner's key, on a
// fresh demo database, as a newcomer who just ran `npm start` would call it.
describe.each(TEST_DIALECTS)('every tool example on a fresh demo database (%s)', (dialect) => {
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_TIER_LIMITS: 'free=1000,plus=150,pro=600,max=3000' },
    });
    // As `npm start` makes it: the demo owner, then, once the server listens, its sample approval.
    const demo = await ensureDemo(service.services);
    await seedDemoApproval(service.services, demo);
    key = demo.key;
  });
  afterAll(() => service.stop());

  it.each(ALL_TOOLS.map((tool) => [tool.name, tool.example] as const))(
    '%s answers its example with 200',
    async (name, example) => {
      const { status, body } = await service.call(name, example, { key });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.success).toBe(true);
      // The answer may point the agent to another tool: only to one that exists.
      expect(unknownToolNames(JSON.stringify(body.data))).toEqual([]);
    },
  );
});
