import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import {
  authorize,
  exchangeCode,
  newPkce,
  publicClient,
  refresh,
  signedInOwner,
} from './support/oauth-flow.ts';

async function usage(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/v1/tools/get_usage_status/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{"arguments":{}}',
  });
  return response.status;
}

// Many instances behind one address: the flow may hop between them at every request, as the provider's
// records live in the shared database and its cookies are signed with a key derived from the shared ring.
describe.skipIf(!TEST_DIALECTS.includes('postgres'))('OAuth across two instances on one PostgreSQL', () => {
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    first = await TestService.start('postgres');
    second = await TestService.start('postgres', { database: first.database });
    for (const service of [first, second]) {
      // One public address for both, as behind a load balancer.
      service.services.config.appUrl = first.url;
      service.services.config.publicUrl = first.url;
    }
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('registers on one, authorizes on the other, exchanges and refreshes on either', async () => {
    const client = await publicClient(second.url);
    const { owner } = await signedInOwner(first.url);
    const pkce = newPkce();
    const authorized = await authorize(owner, client, { pkce, scope: 'read', consent: { scope: 'read' } });
    expect(authorized.code).toEqual(expect.any(String));

    const exchanged = await exchangeCode(second.url, client, authorized.code ?? '', pkce.verifier);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(await usage(second.url, exchanged.body.access_token)).toBe(200);
    expect(await usage(first.url, exchanged.body.access_token)).toBe(200);
    const refreshed = await refresh(first.url, client, exchanged.body.refresh_token);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(await usage(second.url, refreshed.body.access_token)).toBe(200);

    const replayed = await exchangeCode(first.url, client, authorized.code ?? '', pkce.verifier);
    expect([replayed.status, replayed.body.error]).toEqual([400, 'invalid_grant']);
    // The replay ended the grant on every instance.
    expect(await usage(second.url, refreshed.body.access_token)).toBe(401);
    const again = await refresh(second.url, client, refreshed.body.refresh_token);
    expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
  });
});
