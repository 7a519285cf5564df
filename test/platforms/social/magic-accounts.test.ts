import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri, finishConnect, startConnect } from '../../../src/platforms/oauth-flow.ts';
import { adops } from '../../support/cli.ts';
import { consent, serveConsoleHere, sessionCookie } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TEST_ENCRYPTION_KEYS, TestService } from '../../support/service.ts';
import { ownerWithMagicAccount, socialAccounts } from './support.ts';

const TOOL = 'list_social_photo_accounts';

describe.each(TEST_DIALECTS)('the magic Meta ad accounts, through the public surface, on %s', (dialect) => {
  let service: TestService;
  let cliEnv: Record<string, string>;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
    cliEnv = { ADOPS_DATABASE_URL: service.database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS };
  });
  afterAll(() => service.stop());

  /** A new owner who connects a new account through the console's sandbox consent page, of the kind chosen. */
  async function connectThroughConsent(fault: string): Promise<Owner> {
    const owner = await service.createOwner('free');
    const back = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'social'),
      'approve',
      `Magic ${fault}`,
      { sandbox_fault: fault },
    );
    await finishConnect(service.services, owner.userId, 'social', {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    });
    return owner;
  }

  it('throttles an account added with `adops accounts add --account-id act_4000…0429`', async () => {
    const owner = await service.createOwner('free');
    const add = await adops(
      [
        'accounts',
        'add',
        '--email',
        owner.email,
        '--platform',
        'social',
        '--account-id',
        'act_4000000000000429',
      ],
      cliEnv,
    );
    expect(add.code, add.stderr).toBe(0);
    expect(add.json).toMatchObject({ platform: 'social', account_id: 'act_4000000000000429' });
    const { status, headers, body } = await service.call(TOOL, {}, { key: owner.key });
    expect([status, body.code]).toEqual([429, 'upstream_rate_limited']);
    expect(headers.get('retry-after')).toBe('60');
    expect(body.error).toContain('wait 60 seconds');

    // The id is that owner's now; another owner picks other middle digits, as the README says.
    const other = await service.createOwner('free');
    const taken = await adops(
      [
        'accounts',
        'add',
        '--email',
        other.email,
        '--platform',
        'social',
        '--account-id',
        'act_4000000000000429',
      ],
      cliEnv,
    );
    expect(taken.code).toBe(1);
    expect(taken.json.error).toContain('belongs to another owner');
    const own = await adops(
      [
        'accounts',
        'add',
        '--email',
        other.email,
        '--platform',
        'social',
        '--account-id',
        'act_4000555566660429',
      ],
      cliEnv,
    );
    expect(own.code, own.stderr).toBe(0);
    expect((await service.call(TOOL, {}, { key: other.key })).status).toBe(429);
  });

  it('fails an account made on the consent page as "Failing": 500 after retrying the read', async () => {
    const owner = await connectThroughConsent('server_error');
    const [account] = await socialAccounts(service, owner);
    expect(account?.account_id).toMatch(/^act_4000\d{8}0500$/);
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toMatch(/^Internal error: UpstreamServerError/);
  });

  it('expires the connection of an account made on the consent page as "Expired"', async () => {
    const owner = await connectThroughConsent('token_expired');
    const [account] = await socialAccounts(service, owner);
    expect(account?.account_id).toMatch(/^act_4000\d{8}0190$/);
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect([status, body.code]).toEqual([400, 'connection_expired']);
    expect(body.error).toContain('Session has expired');
  });

  it('throttles an account made on the consent page as "Throttled"', async () => {
    const owner = await connectThroughConsent('rate_limited');
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect([status, body.code]).toEqual([429, 'upstream_rate_limited']);
  });

  it('offers the kinds on the consent page, and refuses a kind it does not know', async () => {
    const owner = await service.createOwner('free');
    const url = startConnect(service.services, owner.userId, 'social');
    const cookie = await sessionCookie(service, owner.userId);
    const page = await (await fetch(url, { headers: { cookie } })).text();
    for (const kind of ['business', 'rate_limited', 'server_error', 'token_expired', 'slow']) {
      expect(page).toContain(`<option value="${kind}">`);
    }
    const refused = await fetch(`${service.url}/sandbox/social/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({
        client_id: SANDBOX_CLIENT.clientId,
        redirect_uri: connectRedirectUri(service.services, 'social'),
        state: 's',
        sandbox_accounts: '',
        sandbox_fault: 'on_fire',
        decision: 'approve',
      }).toString(),
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      'sandbox_fault must be empty or one of business, rate_limited, server_error',
    );
    expect(await socialAccounts(service, owner)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('the slow magic Meta ad account on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_UPSTREAM_TIMEOUT_MS: '1000', ADOPS_UPSTREAM_RETRIES: '0' },
    });
  });
  afterAll(() => service.stop());

  it('times the call out when the upstream timeout is shorter than its 10 s', async () => {
    const owner = await ownerWithMagicAccount(service, 'slow');
    const started = Date.now();
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toMatch(/^Internal error: UpstreamTimeout/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
