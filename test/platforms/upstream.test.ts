import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { PlatformThrottles } from '../../src/platforms/throttles.ts';
import { type Classifier, callUpstream } from '../../src/platforms/upstream.ts';
import { UpstreamFailure } from '../../src/platforms/upstream-failure.ts';

/** A platform on loopback: `/throttled` asks for a 30 s wait, `/flaky` fails twice, `/down` always fails. */
function startPlatform() {
  const hits: string[] = [];
  let flaky = 0;
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url?.startsWith('/throttled-app'))
      return send(429, { error: 'app limit', wait: 600, scope: 'app' });
    if (request.url?.startsWith('/throttled')) return send(429, { error: 'slow down', wait: 30 });
    if (request.url === '/flaky')
      return ++flaky <= 2 ? send(503, { error: 'busy' }) : send(200, { ok: true });
    if (request.url === '/down') return send(500, { error: 'broken' });
    return send(200, { ok: true });
  });
  return { server, hits };
}

const classify: Classifier = (response) => {
  if (response.status < 400) return { ok: true };
  const body = JSON.parse(response.body) as { error: string; wait?: number; scope?: 'app' };
  if (response.status === 429) {
    return {
      ok: false,
      kind: 'throttled',
      message: body.error,
      retryAfterSeconds: body.wait,
      ...(body.scope && { scope: body.scope }),
    };
  }
  return { ok: false, kind: 'server', message: body.error };
};

describe('calls to a platform', () => {
  const platform = startPlatform();
  let base: string;
  let throttles: PlatformThrottles;
  const options = (account: string, app = 'app-1') => ({
    throttles,
    platform: 'search' as const,
    timeoutMs: 2000,
    retries: 2,
    classify,
    throttleKeys: { account, user: `user-of-${account}`, app },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (platform.server as Server).close(() => resolve())));
  beforeEach(() => {
    throttles = new PlatformThrottles(systemClock);
    platform.hits.length = 0;
  });

  it("isolates one account's throttle: its next call fails fast, another account's goes through", async () => {
    const first = await callUpstream(
      { method: 'GET', url: `${base}/throttled/a`, idempotent: true },
      options('search:A'),
    ).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(UpstreamFailure);
    expect((first as UpstreamFailure).retryAfterSeconds).toBe(30);
    const again = await callUpstream(
      { method: 'GET', url: `${base}/ok/a`, idempotent: true },
      options('search:A'),
    ).catch((error: unknown) => error);
    expect((again as UpstreamFailure).kind).toBe('throttled');
    expect((again as UpstreamFailure).retryAfterSeconds).toBeGreaterThan(28);
    expect(platform.hits).toEqual(['/throttled/a']);

    const started = performance.now();
    const other = await callUpstream(
      { method: 'GET', url: `${base}/ok/b`, idempotent: true },
      options('search:B'),
    );
    expect(other.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("holds back every account of the app when the platform names the app's limit, and no other app", async () => {
    const first = await callUpstream(
      { method: 'GET', url: `${base}/throttled-app/a`, idempotent: true },
      options('search:A'),
    ).catch((error: unknown) => error);
    expect([(first as UpstreamFailure).scope, (first as UpstreamFailure).retryAfterSeconds]).toEqual([
      'app',
      600,
    ]);
    const sibling = await callUpstream(
      { method: 'GET', url: `${base}/ok/b`, idempotent: true },
      options('search:B'),
    ).catch((error: unknown) => error);
    expect((sibling as UpstreamFailure).scope).toBe('app');
    expect((sibling as UpstreamFailure).retryAt?.getTime()).toBeGreaterThan(Date.now() + 590_000);
    const otherApp = await callUpstream(
      { method: 'GET', url: `${base}/ok/c`, idempotent: true },
      options('search:C', 'app-2'),
    );
    expect(otherApp.status).toBe(200);
    expect(platform.hits).toEqual(['/throttled-app/a', '/ok/c']);
  });

  it('retries a safe call through transient failures', async () => {
    const response = await callUpstream(
      { method: 'GET', url: `${base}/flaky`, idempotent: true },
      options('search:C'),
    );
    expect(response.status).toBe(200);
    expect(platform.hits).toEqual(['/flaky', '/flaky', '/flaky']);
  });

  it('never repeats a call that is not safe to repeat', async () => {
    const failure = await callUpstream(
      { method: 'POST', url: `${base}/down`, body: {}, idempotent: false },
      options('search:D'),
    ).catch((error: unknown) => error);
    expect((failure as UpstreamFailure).kind).toBe('server');
    expect(platform.hits).toEqual(['/down']);
  });

  it('gives up on a safe call after the configured retries', async () => {
    await expect(
      callUpstream({ method: 'GET', url: `${base}/down`, idempotent: true }, options('search:E')),
    ).rejects.toThrow('broken');
    expect(platform.hits).toHaveLength(3);
  });
});
