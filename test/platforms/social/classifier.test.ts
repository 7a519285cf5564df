import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Endpoints } from '../../../src/platforms/endpoints.ts';
import { readAllPages } from '../../../src/platforms/social/graph.ts';
import {
  socialClassifier,
  socialProtocol,
  throttleWaitSeconds,
} from '../../../src/platforms/social/protocol.ts';
import { parseFields } from '../../../src/sandbox/social/graph.ts';

const graphError = (
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) => ({
  status,
  headers,
  body: JSON.stringify({ error: { fbtrace_id: 'AbC123', ...error } }),
});

describe('the Meta Graph classifier', () => {
  it('passes a 2xx body without error', () => {
    expect(socialClassifier({ status: 200, headers: {}, body: '{"data":[]}' })).toEqual({ ok: true });
  });

  it('reads throttles from codes 4, 17, 613 and 80000-80014, the wait from the usage headers', () => {
    const buc = JSON.stringify({
      '123': [
        { type: 'ads_management', estimated_time_to_regain_access: 2 },
        { type: 'ads_insights', estimated_time_to_regain_access: 5 },
      ],
    });
    for (const code of [4, 17, 613, 80000, 80004, 80014]) {
      const verdict = socialClassifier(
        graphError(400, { code, message: 'too many calls' }, { 'x-business-use-case-usage': buc }),
      );
      expect(verdict).toMatchObject({
        ok: false,
        kind: 'throttled',
        retryAfterSeconds: 300,
        requestId: 'AbC123',
      });
    }
    expect(socialClassifier(graphError(403, { code: 17 }))).toMatchObject({ kind: 'throttled' });
    expect(socialClassifier(graphError(403, { code: 17 }))).not.toHaveProperty('retryAfterSeconds');
    expect(socialClassifier(graphError(400, { code: 80015 }))).toMatchObject({ kind: 'rejected' });
    expect(
      throttleWaitSeconds({ 'x-ad-account-usage': '{"acc_id_util_pct":100,"reset_time_duration":42}' }),
    ).toBe(42);
    expect(throttleWaitSeconds({ 'x-business-use-case-usage': 'not json' })).toBeUndefined();
  });

  it('maps 190 to auth, 1, 2 and 5xx to server, 100/33 and 803 to not found, the rest to rejected', () => {
    expect(
      socialClassifier(graphError(400, { code: 190, error_subcode: 463, message: 'expired' })),
    ).toMatchObject({
      kind: 'auth',
      message: 'expired',
    });
    expect(
      socialClassifier(graphError(500, { code: 2, message: 'Service temporarily unavailable' })),
    ).toMatchObject({
      kind: 'server',
    });
    expect(socialClassifier(graphError(400, { code: 1 }))).toMatchObject({ kind: 'server' });
    expect(socialClassifier(graphError(502, { code: 100 }))).toMatchObject({ kind: 'server' });
    expect(
      socialClassifier(graphError(400, { code: 100, error_subcode: 33, message: '(#100) gone' })),
    ).toMatchObject({ kind: 'not_found', message: 'gone' });
    expect(socialClassifier(graphError(400, { code: 803 }))).toMatchObject({ kind: 'not_found' });
    expect(
      socialClassifier(graphError(403, { code: 200, message: '(#200) Permissions error' })),
    ).toMatchObject({
      kind: 'rejected',
      message: 'Permissions error',
    });
  });

  it("explains insights' data-per-call limit (100/1487534) and what to ask instead", () => {
    const verdict = socialClassifier(
      graphError(400, {
        code: 100,
        error_subcode: 1487534,
        message: "(#100) Please reduce the amount of data you're asking for, then retry your request",
      }),
    );
    expect(verdict).toEqual({
      ok: false,
      kind: 'rejected',
      requestId: 'AbC123',
      message:
        "Please reduce the amount of data you're asking for, then retry your request. Meta limits how much " +
        'one report may hold: ask for a shorter period or fewer campaigns.',
    });
  });

  it("prefers Meta's words for users (error_user_msg) and keeps fbtrace_id as the request id", () => {
    const verdict = socialClassifier(
      graphError(400, {
        code: 100,
        message: 'Invalid parameter',
        error_user_title: 'Instagram account not authorized',
        error_user_msg: 'Authorize this Instagram account for the ad account first.',
      }),
    );
    expect(verdict).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Authorize this Instagram account for the ad account first.',
      requestId: 'AbC123',
    });
  });

  it('calls an answer that is not JSON a server failure', () => {
    expect(socialClassifier({ status: 502, headers: {}, body: '<html>Bad gateway</html>' })).toMatchObject({
      kind: 'server',
    });
    expect(socialClassifier({ status: 200, headers: {}, body: 'oops' })).toMatchObject({ kind: 'server' });
  });

  it('sends the token as a Bearer header', () => {
    expect(socialProtocol.headers('tok', {} as Endpoints)).toEqual({ authorization: 'Bearer tok' });
    expect(socialProtocol.refresh).toBeUndefined();
  });

  it('signs every call with appsecret_proof and keeps the token out of the URL (paging links carry it)', () => {
    // Meta's example values: hash_hmac('sha256', $access_token, $app_secret), in hex.
    const proof = createHmac('sha256', 'live-secret').update('tok').digest('hex');
    const next =
      'https://graph.facebook.com/v25.0/act_1/instagram_accounts?access_token=tok&limit=25&after=QVFI';
    const signed = new URL(
      socialProtocol.signUrl?.(next, 'tok', { clientSecret: 'live-secret' } as Endpoints) ?? '',
    );
    expect(signed.searchParams.get('appsecret_proof')).toBe(proof);
    expect(signed.searchParams.has('access_token')).toBe(false);
    expect([signed.searchParams.get('limit'), signed.searchParams.get('after')]).toEqual(['25', 'QVFI']);
    expect(signed.pathname).toBe('/v25.0/act_1/instagram_accounts');
  });
});

describe('Graph paging', () => {
  const endpoints = { apiUrl: 'https://graph.facebook.com', apiVersion: 'v25.0' } as Endpoints;

  it('follows paging.next on the same host and refuses another host', async () => {
    const seen: string[] = [];
    const items = await readAllPages<number>(endpoints, 'https://graph.facebook.com/v25.0/a', async (url) => {
      seen.push(url);
      return url.endsWith('/a')
        ? { data: [1], paging: { next: 'https://graph.facebook.com/v25.0/a?after=x' } }
        : { data: [2] };
    });
    expect(items).toEqual([1, 2]);
    expect(seen).toHaveLength(2);
    await expect(
      readAllPages(endpoints, 'https://graph.facebook.com/v25.0/a', async () => ({
        data: [1],
        paging: { next: 'https://evil.example/steal' },
      })),
    ).rejects.toThrow('another host');
  });

  it('parses field expansion', () => {
    expect(parseFields('id, name,connected_instagram_account{id,username}')).toEqual([
      { name: 'id', sub: undefined },
      { name: 'name', sub: undefined },
      { name: 'connected_instagram_account', sub: ['id', 'username'] },
    ]);
    expect(parseFields(undefined)).toBeUndefined();
  });
});
