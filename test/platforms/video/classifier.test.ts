import { describe, expect, it } from 'vitest';
import { videoClassifier } from '../../../src/platforms/video/protocol.ts';

const classify = videoClassifier([40100, 40133]);
const tiktok = (code: number, message: string) => ({
  status: 200,
  headers: {},
  body: JSON.stringify({ code, message, request_id: 'r1', data: {} }),
});

describe('the TikTok classifier', () => {
  const now = new Date('2026-12-02T20:00:00.000Z');

  it('reads the wait a throttle implies from the limit its message names', () => {
    expect(
      classify(tiktok(40133, "Advertiser (1)'s QPS (21) reaches QPS limit 20 for current path"), now),
    ).toMatchObject({
      kind: 'throttled',
      scope: 'account',
      retryAfterSeconds: 1,
    });
    expect(classify(tiktok(40100, 'Too many requests. Please retry in some time.'), now)).toMatchObject({
      scope: 'app',
      retryAfterSeconds: 300,
    });
    expect(classify(tiktok(40100, 'The QPD of this app reaches its limit.'), now)).toMatchObject({
      scope: 'app',
      retryAfterSeconds: 4 * 3600,
    });
  });

  it('tells tokens, versions and its own failures from refusals, all answered with HTTP 200', () => {
    const kind = (code: number) => (classify(tiktok(code, 'm'), now) as { kind?: string }).kind;
    expect([40102, 40104, 40105, 40106].map(kind)).toEqual(['auth', 'auth', 'auth', 'auth']);
    expect([40051, 41001, 20001, 50000, 51001].map(kind)).toEqual([
      'server',
      'server',
      'server',
      'server',
      'server',
    ]);
    expect([40001, 40002].map(kind)).toEqual(['rejected', 'rejected']);
    expect(classify(tiktok(0, 'OK'), now)).toEqual({ ok: true });
  });
});
