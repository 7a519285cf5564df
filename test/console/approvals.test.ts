import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { findApproval } from '../../src/storage/approvals.ts';
import { findUserByEmail, setUserTier } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';

/** The seeded TikTok campaign the tests raise: "Retargeting: site visitors", running at 80 a day. */
const RETARGETING = 'Retargeting: site visitors';

describe.each(TEST_DIALECTS)('console approvals and stop all agents on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service.stop());

  /** An owner signed in to the console, with a TikTok sandbox advertiser and a key that may spend. */
  async function owner() {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('approvals');
    await client.signUp(email, PASSWORD);
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('sign-up made no owner');
    await setUserTier(db, user.id, 'pro');
    const account = await addAccount(service.services, user, { platform: 'video' });
    const limits = { ...DEFAULT_LIMITS, scope: 'spend' } as const;
    const { key } = await issueKey(db, user, 'night agent', 'never', service.services.clock.now(), limits);
    const listed = await callTool(service.url, key, 'list_video_campaigns');
    expect(listed.status).toBe(200);
    const campaign = listed.body.data.structured.campaigns.find((c: any) => c.name === RETARGETING);
    return { client, email, user, key, account, campaignId: String(campaign.campaign_id) };
  }

  async function stored(campaignId: string): Promise<StoredCampaign | undefined> {
    const store = new SandboxStore(service.services.storage.db, 'video');
    return (await store.get<StoredCampaign>('campaign', campaignId))?.data;
  }

  /** The agent sets the campaign's daily budget to 800, ten times its 80: adops keeps it for the owner. */
  async function askForTenfold(key: string, campaignId: string): Promise<string> {
    const asked = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: campaignId,
      daily_budget: 800,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    return asked.body.data.structured.approval.id;
  }

  it('lists a pending approval with who asked, before → after and the projected spend, and counts it in the navigation', async () => {
    const { client, key, campaignId } = await owner();
    const empty = await client.get('/approvals');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Nothing waits for your decision.');
    expect(empty.text).not.toContain('class="count"');

    const id = await askForTenfold(key, campaignId);
    const list = await client.get('/approvals');
    expect(list.text).toContain(`href="/approvals/${id}"`);
    expect(list.text).toContain('key night agent');
    expect(list.text).toContain(`campaign ${campaignId}`);
    expect(list.text).toContain('update_video_campaign');
    // The budget is the field that changes: its row comes first, before → after.
    expect(list.text).toMatch(
      /<tr class="changed"><th scope="row"><span title="daily_budget">Daily budget<\/span><\/th><td>80\.00<\/td><td><strong>800\.00<\/strong>/,
    );
    expect(list.text).toContain('+720.00 USD a day');
    expect(list.text).toContain('ten times or more');
    expect(list.text).toMatch(/Approvals <span class="count">1<span class="visually-hidden"> pending/);
    // Every page's navigation counts it.
    expect((await client.get('/usage')).text).toContain('<span class="count">1<');

    const one = await client.get(`/approvals/${id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain(`action="/approvals/${id}/approve"`);
    expect(one.text).toContain(`action="/approvals/${id}/reject"`);
  });

  it('approves: the change is made on TikTok once, the approval is applied, the audit row names who approved', async () => {
    const { client, email, user, key, campaignId } = await owner();
    const id = await askForTenfold(key, campaignId);
    expect((await stored(campaignId))?.budget).toBe(80);

    const page = await client.get(`/approvals/${id}`);
    const approved = await client.post(`/approvals/${id}/approve`, { _csrf: csrfTokenOf(page.text) });
    expect([approved.status, approved.location]).toEqual([303, `/approvals/${id}`]);
    const after = await client.get(approved.location ?? '');
    expect(after.text).toMatch(/<p class="notice notice-success" role="status">Applied: /);
    expect(after.text).toContain('<span class="badge badge-ok">applied</span>');
    expect(after.text).not.toContain(`action="/approvals/${id}/approve"`);

    expect((await stored(campaignId))?.budget).toBe(800);
    expect((await findApproval(service.services.storage.db, user.id, id))?.status).toBe('applied');
    await service.services.audit.flush();
    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .select(['tool', 'status', 'details'])
      .where('user_id', '=', user.id)
      .where('details', 'like', `%${id}%`)
      .execute();
    expect(rows.map((row) => [row.tool, row.status])).toEqual([['update_video_campaign', 200]]);
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ approval_id: id, approved_by: email });

    const followed = await callTool(service.url, key, 'get_approval', { approval_id: id });
    expect(followed.body.data.structured.approval.status).toBe('applied');
    // Approving again makes nothing twice.
    const again = await client.post(`/approvals/${id}/approve`, { _csrf: csrfTokenOf(page.text) });
    expect(again.status).toBe(303);
    expect((await client.get('/approvals')).text).not.toContain('class="count"');
  });

  it('says before the owner approves that the key that asked is gone, and approving then writes nothing', async () => {
    const { client, user, key, campaignId } = await owner();
    const id = await askForTenfold(key, campaignId);
    const { db } = service.services.storage;
    const row = await db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await revokeApiKey(db, row.id, service.services.clock.now());
    const page = await client.get(`/approvals/${id}`);
    expect(page.text).toContain('Approving writes nothing now.');
    expect(page.text).toContain('key night agent that asked for this change was revoked');
    const approved = await client.post(`/approvals/${id}/approve`, { _csrf: csrfTokenOf(page.text) });
    const after = await client.get(approved.location ?? '');
    expect(after.text).toContain('<span class="badge badge-danger">failed</span>');
    expect((await stored(campaignId))?.budget).toBe(80);
  });

  it('rejects: nothing is made, and the agent is told', async () => {
    const { client, user, key, campaignId } = await owner();
    const id = await askForTenfold(key, campaignId);
    const page = await client.get(`/approvals/${id}`);
    const rejected = await client.post(`/approvals/${id}/reject`, { _csrf: csrfTokenOf(page.text) });
    expect([rejected.status, rejected.location]).toEqual([303, `/approvals/${id}`]);
    expect((await client.get(rejected.location ?? '')).text).toContain('Rejected: nothing was made.');
    expect((await stored(campaignId))?.budget).toBe(80);
    expect((await findApproval(service.services.storage.db, user.id, id))?.status).toBe('rejected');
    const followed = await callTool(service.url, key, 'get_approval', { approval_id: id });
    expect(followed.body.data.structured.approval.status).toBe('rejected');
    const list = await client.get('/approvals');
    expect(list.text).toContain('Nothing waits for your decision.');
    expect(list.text).toMatch(
      /badge-danger">rejected<\/span><\/div><\/td>\s*<td class="fold" data-label="[^"]+"><div class="value">[^<]+@example\.com<\/div><\/td>/,
    );
  });

  it('refuses a forged decision: no form token, or a post from another site', async () => {
    const { client, user, key, campaignId } = await owner();
    const id = await askForTenfold(key, campaignId);
    const noToken = await client.post(`/approvals/${id}/approve`, {});
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain('form token is missing or stale');
    const page = await client.get(`/approvals/${id}`);
    const foreign = await client.post(
      `/approvals/${id}/approve`,
      { _csrf: csrfTokenOf(page.text) },
      { origin: 'https://attacker.example' },
    );
    expect(foreign.status).toBe(403);
    expect((await findApproval(service.services.storage.db, user.id, id))?.status).toBe('pending');
    expect((await stored(campaignId))?.budget).toBe(80);
  });

  it("shows no owner another's approval, and refuses to decide it", async () => {
    const first = await owner();
    const id = await askForTenfold(first.key, first.campaignId);
    const other = await owner();
    const list = await other.client.get('/approvals');
    expect(list.text).not.toContain(id);
    const page = await other.client.get(`/approvals/${id}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('There is no such approval.');
    const token = csrfTokenOf(list.text);
    for (const action of ['approve', 'reject']) {
      const refused = await other.client.post(`/approvals/${id}/${action}`, { _csrf: token });
      expect(refused.status).toBe(404);
    }
    expect((await findApproval(service.services.storage.db, first.user.id, id))?.status).toBe('pending');
    expect((await stored(first.campaignId))?.budget).toBe(80);
  });

  it('stops all agents and pauses what they raised; keys get 403 until the owner resumes', async () => {
    const { client, key, campaignId, account } = await owner();
    const keys = await client.get('/keys');
    expect(keys.text).toContain('What an agent activated or raised in the last 7 days');
    // A raise an agent may make on its own (80 → 100), and the stop right after it: a spend change's
    // audit row is written before its answer, so the stop sees the raise and pauses the campaign.
    const raised = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: campaignId,
      budget: 100,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const stopped = await client.follow(
      client.post('/agents/stop', { _csrf: csrfTokenOf(keys.text), pause_changed: 'yes' }),
    );
    expect(stopped.status).toBe(200);
    expect(stopped.text).toContain(
      `Paused 1 campaign: campaign ${campaignId} (TikTok Ads (video), account ${account.account_id})`,
    );
    expect(stopped.text).toContain('action="/agents/resume"');
    expect((await stored(campaignId))?.operation_status).toBe('DISABLE');

    const refused = await callTool(service.url, key, 'list_video_campaigns');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('agents_stopped');
    const stoppedKeys = await client.get('/keys');
    expect(stoppedKeys.text).toMatch(/All agents stopped since <time datetime="[^"]+">/);
    expect(stoppedKeys.text).not.toContain('action="/agents/stop"');

    const resumed = await client.follow(
      client.post('/agents/resume', { _csrf: csrfTokenOf(stoppedKeys.text) }),
    );
    expect(resumed.status).toBe(200);
    expect(resumed.text).toContain('Agents resumed');
    expect((await callTool(service.url, key, 'list_video_campaigns')).status).toBe(200);
    const running = await client.get('/keys');
    expect(running.text).toContain('action="/agents/stop"');
    expect(running.text).not.toContain('All agents stopped since');
    // The paused campaign stays paused.
    expect((await stored(campaignId))?.operation_status).toBe('DISABLE');
  });

  it('stops without pausing when the box is not ticked', async () => {
    const { client, key, campaignId } = await owner();
    expect(
      (await callTool(service.url, key, 'update_video_campaign', { campaign_id: campaignId, budget: 100 }))
        .status,
    ).toBe(200);
    await service.services.audit.flush();
    const keys = await client.get('/keys');
    const stopped = await client.follow(client.post('/agents/stop', { _csrf: csrfTokenOf(keys.text) }));
    expect(stopped.status).toBe(200);
    expect(stopped.text).not.toContain('Paused 1 campaign');
    expect((await stored(campaignId))?.operation_status).toBe('ENABLE');
    expect((await callTool(service.url, key, 'get_usage_status')).status).toBe(403);
  });
});
