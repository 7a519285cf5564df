import { readFileSync } from 'node:fs';
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

// `adops demo` makes the demo owner and serves nothing; the `serve` after it makes the sample approval that
// get_approval's example names, once. And the rule docs/monitors.md shows runs as written on that demo.
describe('the documented examples on a demo made by `adops demo`, then served', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
  });
  afterAll(() => service.stop());

  it('answers get_approval’s example, makes the approval once, and takes the monitor rule of the docs', async () => {
    await ensureDemo(service.services);
    const served = await ensureDemo(service.services);
    expect(served.created).toBe(false);
    await seedDemoApproval(service.services, served);
    await seedDemoApproval(service.services, served);
    const example = ALL_TOOLS.find((tool) => tool.name === 'get_approval')?.example;
    const approval = await service.call('get_approval', example, { key: served.key });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    const approvals = await service.services.storage.db.selectFrom('approvals').select('id').execute();
    expect(approvals).toHaveLength(1);

    const docs = readFileSync('docs/monitors.md', 'utf8');
    const rule = /## The rule\s+```json\n([\s\S]*?)\n```/.exec(docs)?.[1];
    if (!rule) throw new Error('docs/monitors.md has no rule under "## The rule"');
    const created = await service.call(
      'create_monitor',
      { ...JSON.parse(rule), dry_run: true },
      { key: served.key },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
});
