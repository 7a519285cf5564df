import { randomUUID } from 'node:crypto';
import {
  AdopsAuthenticationError,
  AdopsClient,
  AdopsInvalidRequestError,
  AdopsNetworkError,
  AdopsNotFoundError,
  AdopsQuotaError,
  AdopsRateLimitError,
  AdopsServerError,
  type ToolName,
} from 'adops/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { closedPort } from '../support/ports.ts';
import { type Owner, TestService } from '../support/service.ts';

/** The fixture tool is served by the test server only, so the typed methods do not know it. */
const PROBE = 'test_probe' as ToolName;
const probeArgs = (args: Record<string, unknown>) => args as never;

async function caught(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe.each(TEST_DIALECTS)('the client against the service on %s', (dialect) => {
  const probe = probeTool('test_probe');
  let service: TestService;
  let owner: Owner;
  let client: AdopsClient;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      extraTools: [probe.tool],
      env: { ADOPS_TIER_LIMITS: 'free=1,plus=150,pro=600,max=3000' },
    });
    owner = await service.createOwner('pro', ['social', 'social']);
    client = new AdopsClient({
      apiKey: owner.key,
      baseUrl: service.url,
      retry: { baseDelayMs: 50, maxDelayMs: 400, maxAttempts: 8 },
    });
  });
  afterAll(() => service.stop());

  const used = async (who: Owner = owner) =>
    (await service.call('get_usage_status', {}, { key: who.key })).body.data.quota.used as number;

  it('calls a tool through its typed method and returns the envelope', async () => {
    const result = await client.getUsageStatus();
    expect(result.envelope).toMatchObject({ success: true, tool: 'get_usage_status' });
    expect(result.envelope.data.quota).toMatchObject({ tier: 'pro', limit: 600 });
    expect(result.envelope.request_id).toMatch(/^req_/);
    expect(result).toMatchObject({ attempts: 1, replayed: false });
    expect(result.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('resolves a change that waits for the owner with its approval, which getApproval follows up', async () => {
    const video = await service.createOwner('pro', ['video']);
    const [account] = await listAdAccounts(service.services.storage.db, video.userId, 'video');
    const campaigns = await new SandboxStore(service.services.storage.db, 'video').list<{
      budget_mode: string;
      budget: number;
    }>('campaign', account?.account_id ?? '');
    const daily = campaigns.find((c) => c.data.budget_mode === 'BUDGET_MODE_DAY');
    const spender = new AdopsClient({
      apiKey: await service.createKeyFor(video, { scope: 'spend' }),
      baseUrl: service.url,
    });
    const asked = await spender.updateVideoCampaign({
      campaign_id: daily?.id ?? '',
      budget: (daily?.data.budget ?? 1) * 100,
    });
    expect(asked.approval).toMatchObject({ status: 'pending', change: { tool: 'update_video_campaign' } });
    const followed = await spender.getApproval({ approval_id: asked.approval?.id ?? '' });
    expect(followed.approval).toBeUndefined();
    expect(followed.envelope.data.structured?.approval).toMatchObject({
      id: asked.approval?.id,
      status: 'pending',
    });
  });

  it('retries a call whose answer was lost with the same key: the tool runs once, one unit is used', async () => {
    const impatient = new AdopsClient({
      apiKey: owner.key,
      baseUrl: service.url,
      timeoutMs: 300,
      retry: { baseDelayMs: 50, maxDelayMs: 300, maxAttempts: 30 },
    });
    const runs = probe.runs();
    const before = await used();
    // The first attempt times out while the tool still runs; the next ones meet 409 (in flight) and then
    // the recorded answer.
    const result = await impatient.callTool(PROBE, probeArgs({ delay_ms: 1200, tag: 'lost' }));
    expect(result.attempts).toBeGreaterThan(1);
    expect(result.replayed).toBe(true);
    expect(result.envelope.data.text).toContain('ran lost');
    expect(probe.runs()).toBe(runs + 1);
    expect(await used()).toBe(before + 1);
  });

  it("reuses the caller's own Idempotency-Key across calls", async () => {
    const idempotencyKey = randomUUID();
    const runs = probe.runs();
    const first = await client.callTool(PROBE, probeArgs({ tag: 'mine' }), { idempotencyKey });
    const second = await client.callTool(PROBE, probeArgs({ tag: 'mine' }), { idempotencyKey });
    expect([first.replayed, second.replayed]).toEqual([false, true]);
    expect(second.envelope).toEqual(first.envelope);
    expect(second.idempotencyKey).toBe(idempotencyKey);
    expect(probe.runs()).toBe(runs + 1);
  });

  it('does not retry a recorded 500 past its replay, and charges nothing', async () => {
    const runs = probe.runs();
    const before = await used();
    const error = await caught(client.callTool(PROBE, probeArgs({ outcome: 'crash' })));
    expect(error).toBeInstanceOf(AdopsServerError);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', attempts: 2 });
    expect(error.message).toMatch(/^Internal error: TypeError/);
    expect(error.request_id).toMatch(/^req_/);
    expect(probe.runs()).toBe(runs + 1);
    expect(await used()).toBe(before);
  });

  it('ends at once on a Retry-After longer than it may wait', async () => {
    const patient = new AdopsClient({
      apiKey: owner.key,
      baseUrl: service.url,
      retry: { maxRetryAfterMs: 5_000 },
    });
    const started = Date.now();
    const error = await caught(patient.callTool(PROBE, probeArgs({ outcome: 'upstream_throttled' })));
    expect(error).toBeInstanceOf(AdopsRateLimitError);
    expect(error).toMatchObject({
      status: 429,
      code: 'upstream_rate_limited',
      retryAfterSeconds: 30,
      attempts: 1,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('throws typed errors with the code, request id and structured content, without retrying', async () => {
    const invalid = await caught(
      client.updateAdHeadlines({ ad_group_id: '1', ad_id: '2', headlines: ['only one'] }),
    );
    expect(invalid).toBeInstanceOf(AdopsInvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_arguments', attempts: 1 });
    expect(invalid.structured_content.issues[0].field).toBe('headlines');

    const choose = await caught(client.listSocialPhotoAccounts());
    expect(choose).toMatchObject({ status: 400, code: 'account_selection_required', attempts: 1 });
    expect(choose.structured_content.accounts).toHaveLength(2);
    expect(choose.request_id).toBe(choose.envelope.request_id);

    const unknown = await caught(client.callTool('no_such_tool' as ToolName, {}));
    expect(unknown).toBeInstanceOf(AdopsNotFoundError);
    expect(unknown).toMatchObject({ status: 404, code: 'tool_not_found', tool: 'no_such_tool' });
  });

  it('reports a bad key without ever showing it', async () => {
    const wrongKey = `${owner.key.slice(0, -1)}${owner.key.endsWith('A') ? 'B' : 'A'}`;
    const stranger = new AdopsClient({ apiKey: wrongKey, baseUrl: service.url });
    const error = await caught(stranger.getUsageStatus());
    expect(error).toBeInstanceOf(AdopsAuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', attempts: 1 });
    const shown = `${String(error)} ${error.stack} ${JSON.stringify(error)}`;
    expect(shown).not.toContain(wrongKey);
    expect(shown).not.toContain(wrongKey.slice(8, 30));
  });

  it('says when the quota is used up, with where to upgrade', async () => {
    const free = await service.createOwner('free');
    const freeClient = new AdopsClient({ apiKey: free.key, baseUrl: service.url });
    await freeClient.callTool(PROBE, probeArgs({ tag: 'the one unit' }));
    const error = await caught(freeClient.callTool(PROBE, probeArgs({ tag: 'one too many' })));
    expect(error).toBeInstanceOf(AdopsQuotaError);
    expect(error).toMatchObject({ status: 402, code: 'quota_exceeded', attempts: 1 });
    expect(error.quota).toMatchObject({
      used: 1,
      limit: 1,
      upgrade_url: `${service.services.config.appUrl}/billing`,
    });
  });

  it('stops when the caller aborts, without another attempt', async () => {
    const runs = probe.runs();
    const error = await caught(
      client.callTool(PROBE, probeArgs({ delay_ms: 1000, tag: 'aborted' }), {
        signal: AbortSignal.timeout(150),
      }),
    );
    expect(error.name).toBe('TimeoutError');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(probe.runs()).toBe(runs + 1);
  });
});

describe('the client without a service to answer', () => {
  it('retries network failures with backoff, then throws a network error', async () => {
    const port = await closedPort();
    const client = new AdopsClient({
      apiKey: 'sk_live_unused',
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { baseDelayMs: 20, maxAttempts: 3 },
    });
    const error = await caught(client.getUsageStatus());
    expect(error).toBeInstanceOf(AdopsNetworkError);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain(`http://127.0.0.1:${port}`);
    expect(error.message).not.toContain('sk_live_unused');
  });
});

describe('the client against a rate-limited service', () => {
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(TEST_DIALECTS[0] ?? 'sqlite', {
      env: { ADOPS_RATE_LIMIT_PER_SECOND: '1', ADOPS_RATE_LIMIT_BURST: '1' },
    });
    owner = await service.createOwner('pro');
  });
  afterAll(() => service.stop());

  it('waits out Retry-After, then succeeds', async () => {
    const client = new AdopsClient({ apiKey: owner.key, baseUrl: service.url, retry: { baseDelayMs: 10 } });
    await client.getUsageStatus();
    const started = Date.now();
    const result = await client.getUsageStatus();
    expect(result.attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
