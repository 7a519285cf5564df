import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT } from '../../src/platforms/endpoints.ts';
import { connectRedirectUri } from '../../src/platforms/oauth-flow.ts';
import { csrfTokenOf } from '../console/support/console-client.ts';
import { TestClock } from '../support/clock.ts';
import { serveConsoleHere, sessionCookie } from '../support/consent.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

const DAY_SECONDS = 86_400;

describe.each(TEST_DIALECTS)('new sandbox accounts per owner through the consent page on %s', (dialect) => {
  const clock = new TestClock();
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock, env: { ADOPS_SANDBOX_ACCOUNTS_PER_DAY: '3' } });
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  const consentUrl = () => `${service.url}/sandbox/search/oauth/authorize`;
  const parameters = (sandboxAccounts = '') => ({
    client_id: SANDBOX_CLIENT.clientId,
    redirect_uri: connectRedirectUri(service.services, 'search'),
    state: 's',
    sandbox_accounts: sandboxAccounts,
  });

  /** Approves on the consent page as the signed-in owner: a new account, or the named ones again. */
  async function approver(owner: Owner) {
    const cookie = await sessionCookie(service, owner.userId);
    const page = await fetch(`${consentUrl()}?${new URLSearchParams(parameters())}`, { headers: { cookie } });
    const csrf = csrfTokenOf(await page.text());
    return async (sandboxAccounts = '') => {
      const response = await fetch(consentUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ ...parameters(sandboxAccounts), decision: 'approve', _csrf: csrf }),
        redirect: 'manual',
      });
      return {
        status: response.status,
        location: response.headers.get('location'),
        retryAfter: response.headers.get('retry-after'),
        text: await response.text(),
      };
    };
  }

  async function accountsOf(owner: Owner): Promise<string[]> {
    const rows = await service.services.storage.db
      .selectFrom('sandbox_account_owners')
      .select('account_id')
      .where('user_id', '=', owner.userId)
      .execute();
    return rows.map((row) => row.account_id);
  }

  it('makes at most the limit, however many requests arrive at once, and says when to come back', async () => {
    const owner = await service.createOwner();
    const approve = await approver(owner);
    const answers = await Promise.all(Array.from({ length: 8 }, () => approve()));
    const made = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 429);
    expect(made).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const answer of made) expect(new URL(answer.location ?? '').searchParams.get('code')).toBeTruthy();
    for (const answer of refused) {
      expect(answer.location).toBeNull();
      expect(Number(answer.retryAfter)).toBe(DAY_SECONDS);
      expect(answer.text).toContain('3 new sandbox accounts were made for you in the last 24 hours');
      expect(answer.text).toContain('Try again in 24 hours');
    }
    expect(await accountsOf(owner)).toHaveLength(3);
  });

  it('lets reconnects and other owners through, and the owner again once a day has passed', async () => {
    const owner = await service.createOwner();
    let approve = await approver(owner);
    for (let i = 0; i < 3; i++) {
      expect((await approve()).status).toBe(303);
      clock.advanceSeconds(3600);
    }
    const [first] = await accountsOf(owner);
    const refused = await approve();
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBe(DAY_SECONDS - 3 * 3600);
    expect((await approve(first)).status).toBe(303);

    const other = await service.createOwner();
    expect((await (await approver(other))()).status).toBe(303);

    clock.advanceSeconds(DAY_SECONDS - 3 * 3600 + 1);
    approve = await approver(owner);
    expect((await approve()).status).toBe(303);
    expect((await approve()).status).toBe(429);
    expect(await accountsOf(owner)).toHaveLength(4);
  });

  it('does not hold the operator’s CLI to the limit, though what it adds counts on the page', async () => {
    const owner = await service.createOwner('free', ['search', 'search', 'search', 'search']);
    expect(await accountsOf(owner)).toHaveLength(4);
    expect((await (await approver(owner))()).status).toBe(429);
  });
});
