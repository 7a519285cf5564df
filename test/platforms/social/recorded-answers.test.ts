import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { socialConnect } from '../../../src/platforms/social/connect.ts';
import { TestClock } from '../../support/clock.ts';
import { RecordedPlatformService, servedAt } from '../../support/recorded-service.ts';
import { type RecordedAnswer, recordedSources } from '../../support/replay-platform.ts';

// The live Meta adapter against answers Meta gave (test/platforms/social/recorded/, each file naming its
// source), replayed over HTTP: what the agent is answered for each. Most were recorded without their
// path (the files say so): each is served as the answer to the call the test makes.
describe("the live Meta adapter against Meta's recorded answers", () => {
  const clock = new TestClock('2026-12-02T10:00:00.000Z');
  let meta: RecordedPlatformService;
  let accounts = 0;

  beforeAll(async () => {
    meta = await RecordedPlatformService.start('social', 'sqlite', { clock });
  });
  afterAll(() => meta.stop());

  /** A new ad account of the owner, each under a connection of its own. */
  const newAccount = () => `act_90000000000${String(++accounts).padStart(4, '0')}`;
  const atCampaigns = (name: string, account: string): RecordedAnswer =>
    servedAt(meta.answer(name), 'GET', `/{version}/${account}/campaigns`);
  const listCampaigns = (account: string, ...served: RecordedAnswer[]) =>
    meta.call('list_social_campaigns', {}, { id: account }, ...served);

  it('connects the accounts granted to the person when Meta refuses the businesses (no business_management)', async () => {
    const endpoints = endpointsFor(meta.service.services, 'social', 'live');
    // The person's own accounts: the shape of Meta's /me/adaccounts page, built here (none was recorded).
    const page: RecordedAnswer = {
      ...meta.answer('permission-200'),
      request: { method: 'GET', path: '/{version}/me/adaccounts' },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: {
          data: [{ id: 'act_900000000009999', account_id: '900000000009999', name: 'Own', currency: 'EUR' }],
        },
      },
    };
    meta.replay.serve(page, servedAt(meta.answer('permission-200'), 'GET', '/{version}/me/businesses'));
    const accounts = await socialConnect.listAccounts(endpoints, 'recorded-answers-token');
    expect(accounts.map((a) => [a.accountId, a.name, a.currency])).toEqual([
      ['act_900000000009999', 'Own', 'EUR'],
    ]);
    expect(meta.replay.received.map((r) => r.path.replace(/^\/v[\d.]+/, ''))).toEqual([
      '/me/adaccounts',
      '/me/businesses',
    ]);
    expect(meta.replay.unmatched).toEqual([]);
  });

  it('keeps a source for every recorded answer', () => {
    const sources = recordedSources('social');
    for (const answer of meta.answers.values()) expect(sources).toContain(`\`${answer.file}\``);
    expect(meta.answers.size).toBeGreaterThanOrEqual(8);
  });

  it('reports the rows of an insights answer, every campaign it names kept, sending the appsecret_proof', async () => {
    const account = 'act_678502414272693';
    // The account's campaigns as none listed: the insights rows alone name the campaign.
    const noCampaigns = {
      ...atCampaigns('campaign-create', account),
      response: { status: 200, headers: {}, body: { data: [] } },
    };
    const { status, body } = await meta.call(
      'get_social_campaign_performance',
      {},
      { id: account },
      noCampaigns,
      meta.answer('insights-account-campaign-rows'),
    );
    expect([status, body.error]).toEqual([200, undefined]);
    expect(body.data.structured.campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toEqual([
      '120203029307580037',
    ]);
    const insights = meta.replay.received.find((r) => r.path.endsWith('/insights'));
    expect(insights?.path).toBe(
      `/${meta.service.services.config.platforms.settings.social.apiVersion}/${account}/insights`,
    );
    expect(insights?.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(insights?.headers.authorization).toBe('Bearer recorded-answers-token');
  });

  it("answers Meta's refusals in its user-facing words, without the (#code) tag", async () => {
    const refusals: Array<[string, string]> = [
      ['validation-campaigns-run-status-100-1487561', 'Only certain values may be specified for run status.'],
      ['permission-10', 'The ad account and app id must be whitelisted'],
      ['permission-200', 'Ad account owner has NOT granted ads_management or ads_read permission.'],
      ['not-found-100-33', "Object with ID 'act_4XXXXXXXXXXXX4' does not exist"],
    ];
    for (const [answer, words] of refusals) {
      const account = newAccount();
      const { status, body } = await listCampaigns(account, atCampaigns(answer, account));
      expect([answer, status, body.code]).toEqual([answer, 400, 'upstream_rejected']);
      expect(body.error).toContain(words);
      expect(body.error).not.toMatch(/\(#\d+\)/);
    }
  });

  it('answers a validation error in the words Meta wrote for the user, in their language', async () => {
    for (const name of ['validation-adset-create-100-2490408', 'validation-adcreative-create-100-3858082']) {
      const answer = meta.answer(name);
      const words = (answer.response.body as { error: { error_user_msg: string } }).error.error_user_msg;
      const account = newAccount();
      const { body } = await listCampaigns(account, atCampaigns(name, account));
      expect([name, body.code]).toEqual([name, 'upstream_rejected']);
      expect(body.error).toContain(words);
    }
  });

  it('marks the connection expired on an expired session (190/463), and says how to reconnect', async () => {
    const account = newAccount();
    const { status, body } = await listCampaigns(account, atCampaigns('token-expired-190-463', account));
    expect([status, body.code]).toEqual([400, 'connection_expired']);
    expect(body.error).toContain('Session has expired on Feb 7, 2014');
    expect(body.error).toContain('/connections');
    // Meta's documented error shape (190, subcode 460): its words for the user are the ones said.
    const other = newAccount();
    const documented = await listCampaigns(other, atCampaigns('error-shape-docs-sample', other));
    expect([documented.body.code, documented.body.error]).toEqual([
      'connection_expired',
      expect.stringContaining('(A message)'),
    ]);
  });

  it('tells the operator when Meta no longer serves the configured version (2635)', async () => {
    const account = newAccount();
    const { status, body } = await listCampaigns(account, atCampaigns('deprecated-version-2635', account));
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toContain('You are calling a deprecated version of the Ads API.');
  });

  it('holds back only the ad account on its own limit (80004, 80001)', async () => {
    for (const answer of ['throttle-ad-account-80004', 'throttle-buc-docs-sample-80001']) {
      const account = newAccount();
      const { status, body } = await listCampaigns(account, atCampaigns(answer, account));
      expect([answer, status, body.code]).toEqual([answer, 429, 'upstream_rate_limited']);
      expect(body.error).toContain('is rate-limiting this ad account');
      expect(body.error).toContain('Other accounts are not affected.');
    }
  });

  it("says the user's limit (17) holds that user's connection, and the app's (4) every account", async () => {
    const user = newAccount();
    const seventeen = await listCampaigns(user, atCampaigns('throttle-user-17', user));
    expect([seventeen.status, seventeen.headers.get('retry-after')]).toEqual([429, '60']);
    expect(seventeen.body.error).toContain('the user whose connection this account is under');
    const app = newAccount();
    const four = await listCampaigns(app, atCampaigns('throttle-app-4', app));
    expect(four.status).toBe(429);
    expect(four.body.error).toContain(
      "this service's app (every account this service reaches on the platform)",
    );
    expect(four.body.error).toContain('Calls to other accounts on this platform will be refused too');
  });

  it('holds every account back for the wait the usage headers state on an app throttle', async () => {
    const usage = meta.answer('usage-headers-docs-sample');
    const account = newAccount();
    // Meta's documented usage headers, on the app's recorded throttle.
    const throttled: RecordedAnswer = {
      ...atCampaigns('throttle-app-4', account),
      response: {
        ...meta.answer('throttle-app-4').response,
        headers: { ...usage.response.headers },
      },
    };
    const { status, headers } = await listCampaigns(account, throttled);
    const wait = Number(headers.get('retry-after'));
    expect(status).toBe(429);
    // The longest estimated_time_to_regain_access, 19 minutes.
    expect(wait).toBe(19 * 60);
    const other = newAccount();
    const held = await listCampaigns(other, atCampaigns('campaign-create', other));
    expect([held.status, meta.replay.received.length]).toEqual([429, 0]);
  });
});
