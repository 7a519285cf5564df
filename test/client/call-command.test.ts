import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_EXIT, exitCodeFor } from '../../src/cli/call-exit-codes.ts';
import { AdopsClient, type ToolName } from '../../src/client/index.ts';
import { adops } from '../support/cli.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { closedPort } from '../support/ports.ts';
import { type Owner, TestService } from '../support/service.ts';

/** The fixture tool is served by the test server only, so the typed methods do not know it. */
const PROBE = 'test_probe' as ToolName;
const probeArgs = (args: Record<string, unknown>) => args as never;

// Each test starts `adops` as a process a few times; on a busy machine that takes seconds each.
describe('adops call', { timeout: 120_000 }, () => {
  const probe = probeTool('test_probe');
  let service: TestService;
  let owner: Owner;
  let env: Record<string, string>;

  beforeAll(async () => {
    service = await TestService.start(TEST_DIALECTS[0] ?? 'sqlite', {
      extraTools: [probe.tool],
      env: { ADOPS_TIER_LIMITS: 'free=1,plus=150,pro=600,max=3000' },
    });
    owner = await service.createOwner('pro', ['social']);
    env = { ADOPS_BASE_URL: service.url, ADOPS_API_KEY: owner.key };
  });
  afterAll(() => service.stop());

  it('prints the text result for people', async () => {
    const result = await adops(['call', 'get_usage_status'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^0 of 600 tool calls used this month on the pro tier/);
    expect(result.json).toBeUndefined();
  });

  it('prints the envelope with --json, with arguments given inline or in a file', async () => {
    const inline = await adops(
      ['call', 'list_connected_accounts', '--args', '{"platform":"social"}', '--json'],
      env,
    );
    expect(inline.code).toBe(0);
    expect(inline.json).toMatchObject({ success: true, tool: 'list_connected_accounts' });
    expect(inline.json.data.structured.accounts).toHaveLength(1);
    const file = join(mkdtempSync(join(tmpdir(), 'adops-call-')), 'args.json');
    writeFileSync(file, JSON.stringify({ platform: 'search' }));
    const fromFile = await adops(['call', 'list_connected_accounts', '--args-file', file, '--json'], env);
    expect(fromFile.code).toBe(0);
    expect(fromFile.json.data.structured.accounts).toEqual([]);
  });

  it('takes the key and the service from the options too, and never shows the key', async () => {
    const wrongKey = `${owner.key.slice(0, -1)}${owner.key.endsWith('A') ? 'B' : 'A'}`;
    const result = await adops(['call', 'get_usage_status', '--key', wrongKey, '--base-url', service.url], {
      ADOPS_BASE_URL: 'http://127.0.0.1:1',
      ADOPS_API_KEY: owner.key,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('code unauthenticated');
    expect(result.stdout + result.stderr).not.toContain(wrongKey.slice(8));
    expect(result.stdout + result.stderr).not.toContain(owner.key.slice(8));
  });

  it('ends with the exit code of the error class, the envelope on stdout with --json', async () => {
    const unknown = await adops(['call', 'no_such_tool', '--json'], env);
    expect(unknown.code).toBe(5);
    expect(unknown.json).toMatchObject({ success: false, code: 'tool_not_found', tool: 'no_such_tool' });
    const crash = await adops(['call', 'test_probe', '--args', '{"outcome":"crash"}'], env);
    expect(crash.code).toBe(8);
    expect(crash.stderr).toMatch(/^error: Internal error: TypeError/);
    expect(crash.stderr).toContain('HTTP 500, code internal_error, request_id req_');
  });

  it('maps every error class the client throws to its own exit code', async () => {
    const client = new AdopsClient({ apiKey: owner.key, baseUrl: service.url, retry: { maxAttempts: 1 } });
    const free = await service.createOwner('free');
    const freeClient = new AdopsClient({ apiKey: free.key, baseUrl: service.url });
    await freeClient.callTool(PROBE, probeArgs({}));
    const reader = new AdopsClient({
      apiKey: await service.createKeyFor(owner, { scope: 'read' }),
      baseUrl: service.url,
    });
    const idempotencyKey = randomUUID();
    await client.callTool(PROBE, probeArgs({ tag: 'a' }), { idempotencyKey });
    const failures: Array<[number, Promise<unknown>]> = [
      [2, client.callTool('update_ad_headlines', {} as never)],
      [3, new AdopsClient({ apiKey: 'sk_live_wrong', baseUrl: service.url }).getUsageStatus()],
      [4, freeClient.callTool(PROBE, probeArgs({}))],
      [5, client.callTool('no_such_tool' as ToolName, {})],
      [6, client.callTool(PROBE, probeArgs({ tag: 'b' }), { idempotencyKey })],
      [7, client.callTool(PROBE, probeArgs({ outcome: 'upstream_throttled' }))],
      [8, client.callTool(PROBE, probeArgs({ outcome: 'crash' }))],
      [
        9,
        new AdopsClient({
          apiKey: owner.key,
          baseUrl: `http://127.0.0.1:${await closedPort()}`,
          retry: { maxAttempts: 1 },
        }).getUsageStatus(),
      ],
      [10, reader.callTool(PROBE, probeArgs({}))],
    ];
    const codes = await Promise.all(failures.map(([, call]) => call.then(() => 0, exitCodeFor)));
    expect(codes).toEqual(failures.map(([code]) => code));
    expect(new Set(codes).size).toBe(codes.length);
    // Every code but success and the command's own crash is a failure of a call.
    const failureCodes = Object.values(CALL_EXIT).map(({ code }) => code);
    expect([...codes].sort((a, b) => a - b)).toEqual(failureCodes.filter((code) => code > 1));
  });

  it('ends with the usage code for bad input and the network code when nothing answers', async () => {
    const notJson = await adops(['call', 'get_usage_status', '--args', '{nope'], env);
    expect([notJson.code, notJson.stderr]).toEqual([2, expect.stringContaining('not JSON')]);
    const noKey = await adops(['call', 'get_usage_status'], {
      ADOPS_BASE_URL: service.url,
      ADOPS_API_KEY: '',
    });
    expect([noKey.code, noKey.stderr]).toEqual([2, expect.stringContaining('ADOPS_API_KEY')]);
    const noTool = await adops(['call'], env);
    expect(noTool.code).toBe(2);
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const network = await adops(['call', 'get_usage_status', '--retries', '0', '--base-url', closed], env);
    expect([network.code, network.stderr]).toEqual([9, expect.stringContaining('No answer from')]);
  });
});
