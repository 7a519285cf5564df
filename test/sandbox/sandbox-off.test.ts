import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPersonPassword } from '../../src/owners/credentials.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findPersonByEmail } from '../../src/storage/people.ts';
import { ConsoleClient, csrfTokenOf, PASSWORD } from '../console/support/console-client.ts';
import { adops, adopsServe } from '../support/cli.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TEST_ENCRYPTION_KEYS, TestService } from '../support/service.ts';

// Social is live on the instance without sandbox; the other platforms have nothing to connect to there.
const SANDBOX_OFF = {
  ADOPS_SANDBOX: 'off',
  ADOPS_SOCIAL_CLIENT_ID: 'live-app',
  ADOPS_SOCIAL_CLIENT_SECRET: 'live-secret',
};

describe.each(TEST_DIALECTS)('ADOPS_SANDBOX=off on %s', { timeout: 60_000 }, (dialect) => {
  /** With the sandbox, where the owner's sandbox account was made. */
  let on: TestService;
  /** The same database, served without the sandbox. */
  let off: TestService;
  let owner: Owner;
  let accountId: string;
  let campaignId: string;

  beforeAll(async () => {
    on = await TestService.start(dialect);
    off = await TestService.start(dialect, { database: on.database, env: SANDBOX_OFF });
    owner = await on.createOwner('pro', ['video']);
    accountId = (await listAdAccounts(on.services.storage.db, owner.userId, 'video'))[0]?.account_id ?? '';
    campaignId =
      (await new SandboxStore(on.services.storage.db, 'video').list('campaign', accountId))[0]?.id ?? '';
  });
  afterAll(async () => {
    await off?.stop();
    await on?.stop();
  });

  it('serves no sandbox route: the API’s 404 envelope instead', async () => {
    for (const [method, path] of [
      ['GET', '/sandbox/video/oauth/authorize?app_id=adops-sandbox'],
      ['POST', '/sandbox/search/oauth/token'],
      ['GET', `/sandbox/video/open_api/v1.3/campaign/get/?advertiser_id=${accountId}`],
    ] as const) {
      const response = await fetch(`${off.url}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
      expect((await fetch(`${on.url}${path}`, { method })).status, path).not.toBe(404);
    }
  });

  it('refuses tool calls on an existing sandbox connection, saying why, and changes nothing', async () => {
    const args = { campaign_id: campaignId, name: 'Renamed while off' };
    const refused = await off.call('update_video_campaign', args, { key: owner.key });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('connection_expired');
    expect(refused.body.error).toContain(`Account ${accountId} is a sandbox account`);
    expect(refused.body.error).toContain('ADOPS_SANDBOX=off');
    const campaign = await new SandboxStore(on.services.storage.db, 'video').get<{ campaign_name: string }>(
      'campaign',
      campaignId,
    );
    expect(campaign?.data.campaign_name).toBe('Spring launch');
    expect((await off.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used).toBe(0);
    // The same call with the sandbox on goes through: the setting is what refused it.
    expect((await on.call('update_video_campaign', args, { key: owner.key })).status).toBe(200);
  });

  it('lets the console connect only live platforms, and says why the others cannot', async () => {
    const admin = await findPersonByEmail(off.services.storage.db, owner.email);
    await setPersonPassword(off.services.storage.db, admin?.id ?? '', PASSWORD, new Date());
    const browser = new ConsoleClient(off.url);
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
    const page = await browser.get('/connections');
    expect(page.text).toContain(
      'Google Ads (search) cannot be connected: the sandbox is turned off on this service and no live app is configured.',
    );
    expect(page.text).toContain('The sandbox is turned off on this service: tools cannot reach the accounts');
    expect(page.text).toContain('through Meta Ads (social)');

    const csrf = csrfTokenOf(page.text);
    for (const platform of ['search', 'video']) {
      const refused = await browser.post(`/connections/${platform}/connect`, { _csrf: csrf });
      expect(refused.status).toBe(400);
      expect(refused.location).toBeNull();
      expect(refused.text).toContain('the sandbox is turned off on this service (ADOPS_SANDBOX=off)');
    }
    const live = await browser.post('/connections/social/connect', { _csrf: csrf });
    expect(live.status).toBe(303);
    expect(live.location).toMatch(/^https:\/\/www\.facebook\.com\/v27\.0\/dialog\/oauth\?/);

    // With the sandbox on, a sandbox connection of a platform gone live is still usable: no such notice.
    const liveVideo = await TestService.start(dialect, {
      database: on.database,
      env: { ADOPS_VIDEO_CLIENT_ID: 'live-app', ADOPS_VIDEO_CLIENT_SECRET: 'live-secret' },
    });
    try {
      const elsewhere = new ConsoleClient(liveVideo.url);
      expect((await elsewhere.signIn(owner.email, PASSWORD)).status).toBe(303);
      const connections = await elsewhere.get('/connections');
      expect(connections.text).toContain('through TikTok Ads (video)');
      expect(connections.text).not.toContain('The sandbox is turned off');
    } finally {
      await liveVideo.stop();
    }
  });

  it('makes the CLI refuse sandbox accounts and the demo, and serve starts without the demo', async () => {
    const env = {
      ADOPS_DATABASE_URL: on.database.url,
      ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      ...SANDBOX_OFF,
    };
    const add = await adops(['accounts', 'add', '--email', owner.email, '--platform', 'search'], env);
    expect(add.code).toBe(1);
    expect(add.json.error).toContain('The sandbox is turned off (ADOPS_SANDBOX=off)');
    const demo = await adops(['demo'], env);
    expect(demo.code).toBe(1);
    expect(demo.json.error).toContain('sandbox is turned off (ADOPS_SANDBOX=off)');
    expect(await listAdAccounts(on.services.storage.db, owner.userId, 'search')).toEqual([]);

    const serve = await adopsServe([], env);
    try {
      expect(serve.stderr()).not.toContain('demo owner');
      expect((await fetch(`${serve.url}/sandbox/search/oauth/token`, { method: 'POST' })).status).toBe(404);
    } finally {
      await serve.stop();
    }
  });
});
