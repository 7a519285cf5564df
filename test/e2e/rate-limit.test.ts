import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, TestService } from '../support/service.ts';

const LIMIT = { ADOPS_RATE_LIMIT_PER_SECOND: '1', ADOPS_RATE_LIMIT_BURST: '3' };
const REDIS_URL = process.env.ADOPS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function burst(service: TestService, owner: Owner, count: number) {
  const results = [];
  for (let i = 0; i < count; i++)
    results.push(await service.call('get_usage_status', {}, { key: owner.key }));
  return results;
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
