import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/auth/authenticate.ts';
import { credentialOf } from '../../src/caller.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

const LIMIT = { ADOPS_RATE_LIMIT_PER_SECOND: '1', ADOPS_RATE_LIMIT_BURST: '3' };
const REDIS_URL = process.env.ADOPS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * `count` calls sent at once, so they all meet the bucket within the same moment (one after the other,
 * a slow first call would let a token flow back in), answered in the order the bucket took them: the
 * allowed ones first, most tokens left first, then the refused.
 */
async function burst(service: TestService, owner: Owner, count: number) {
  const results = await Promise.all(
    Array.from({ length: count }, () => service.call('get_usage_status', {}, { key: owner.key })),
  );
  const left = (r: (typeof results)[number]) =>
    Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1] ?? -1);
  return results.sort((a, b) => a.status - b.status || left(b) - left(a));
}

const STORES = [
  { store: 'memory', env: LIMIT },
  // ADOPS_TEST_REDIS_URL=off skips Redis on a machine without it; CI always runs it.
  ...(REDIS_URL === 'off' ? [] : [{ store: 'redis', env: { ...LIMIT, ADOPS_REDIS_URL: REDIS_URL } }]),
];

describe.each(STORES)('the per-key rate limit in $store', ({ store, env }) => {
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    first = await TestService.start('sqlite', { env });
    second = await TestService.start('sqlite', { env, database: first.database });
  });
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  it('answers 429 rate_limited with Retry-After and RateLimit headers past the burst', async () => {
    const owner = await first.createOwner();
    const results = await burst(first, owner, 4);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    const [, , last, refused] = results;
    expect(last?.headers.get('ratelimit-policy')).toBe('"per-key";q=3;w=3');
    expect(last?.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=[1-3]$/);
    expect(refused?.body).toMatchObject({ success: false, code: 'rate_limited', tool: 'get_usage_status' });
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(refused?.body.error).toContain('Retry after 1 second');
  });

  it('keeps one bucket per key', async () => {
    const owner = await first.createOwner();
    const other = await first.createOwner();
    expect((await burst(first, owner, 4)).at(-1)?.status).toBe(429);
    expect((await burst(first, other, 1))[0]?.status).toBe(200);
  });

  it(`counts ${store === 'redis' ? 'across instances' : 'per instance'}`, async () => {
    const owner = await first.createOwner();
    await burst(first, owner, 3);
    const onSecond = await burst(second, owner, 1);
    expect(onSecond[0]?.status).toBe(store === 'redis' ? 429 : 200);
  });

  it('refills over time', async () => {
    const owner = await first.createOwner();
    expect((await burst(first, owner, 4)).at(-1)?.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await burst(first, owner, 1))[0]?.status).toBe(200);
  });
});

/**
 * A stop is never refused for the rate limit (docs/approvals.md), on every door: with the key's bucket
 * empty, a pause and a budget cut run, over REST and over MCP (the SDK client), while a read and a raise
 * get 429 `rate_limited`. The bucket refills one token a second, so it is emptied again right before each
 * call: however slow the machine, the call finds it empty.
 */
describe.each(TEST_DIALECTS)('a stop past the rate limit (%s)', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_RATE_LIMIT_PER_SECOND: '1', ADOPS_RATE_LIMIT_BURST: '1' },
    });
  });
  afterAll(() => service?.stop());

  /** Takes every token left in the bucket of the key, as the doors find it. */
  async function empty(key: string): Promise<void> {
    const limiter = service.services.rateLimiter;
    if (!limiter) throw new Error('the rate limit is off');
    const bucket = credentialOf(await authenticate(service.services, `Bearer ${key}`));
    while ((await limiter.take(bucket)).allowed) {}
  }

  async function videoOwner() {
    const owner = await service.createOwner('pro', ['video']);
    // Spend scope, so that a raise is refused for the rate limit and not for its scope.
    const key = await service.createKeyFor(owner, { scope: 'spend' });
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'video');
    const store = new SandboxStore(service.services.storage.db, 'video');
    const stored = await store.list<StoredCampaign>('campaign', account?.account_id ?? '');
    const running = stored.filter(
      (c) => c.data.operation_status === 'ENABLE' && c.data.budget_mode === 'BUDGET_MODE_DAY',
    );
    const [paused, cut] = running.map((c) => c.id);
    if (!paused || !cut) throw new Error('the sandbox has fewer than two running campaigns');
    const campaign = async (id: string) => (await store.get<StoredCampaign>('campaign', id))?.data;
    return { key, paused, cut, budget: running[1]?.data.budget ?? 0, campaign };
  }

  it('runs a pause and a budget cut over REST, and refuses a read and a raise with 429', async () => {
    const { key, paused, cut, budget, campaign } = await videoOwner();
    const update = (args: Record<string, unknown>) => service.call('update_video_campaign', args, { key });

    await empty(key);
    const read = await service.call('list_video_campaigns', {}, { key });
    expect([read.status, read.body.code]).toEqual([429, 'rate_limited']);

    await empty(key);
    const pause = await update({ campaign_id: paused, operation_status: 'DISABLE' });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    expect((await campaign(paused))?.operation_status).toBe('DISABLE');

    await empty(key);
    const lower = await update({ campaign_id: cut, budget: budget - 10 });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect((await campaign(cut))?.budget).toBe(budget - 10);

    await empty(key);
    const raise = await update({ campaign_id: cut, budget: budget + 10 });
    expect([raise.status, raise.body.code]).toEqual([429, 'rate_limited']);
    expect((await campaign(cut))?.budget).toBe(budget - 10);
  });

  it('runs a pause and a budget cut over MCP, and refuses a read and a raise with 429', async () => {
    const { key, paused, cut, budget, campaign } = await videoOwner();
    const mcp = await connectOverHttp(service.url, key);
    try {
      const refusedAtTheDoor = async (name: string, args: Record<string, unknown>) => {
        const error = await callTool(mcp, { name, arguments: args }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StreamableHTTPError);
        expect((error as StreamableHTTPError).code).toBe(429);
        expect((error as Error).message).toContain('rate_limited');
      };

      await empty(key);
      await refusedAtTheDoor('list_video_campaigns', {});

      await empty(key);
      const pause = await callTool(mcp, {
        name: 'update_video_campaign',
        arguments: { campaign_id: paused, operation_status: 'DISABLE' },
      });
      expect(pause.isError, JSON.stringify(pause)).toBeFalsy();
      expect((await campaign(paused))?.operation_status).toBe('DISABLE');

      await empty(key);
      const lower = await callTool(mcp, {
        name: 'update_video_campaign',
        arguments: { campaign_id: cut, budget: budget - 10 },
      });
      expect(lower.isError, JSON.stringify(lower)).toBeFalsy();
      expect((await campaign(cut))?.budget).toBe(budget - 10);

      // Let through as a stop, the raise gets the refusal it would have got, as its own result.
      await empty(key);
      const raise = await callTool(mcp, {
        name: 'update_video_campaign',
        arguments: { campaign_id: cut, budget: budget + 10 },
      });
      expect(raise.isError).toBe(true);
      expect(raise._meta?.['adops/code']).toBe('rate_limited');
      expect((await campaign(cut))?.budget).toBe(budget - 10);
    } finally {
      await mcp.close();
    }
  });
});
