import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { findApproval } from '../../src/storage/approvals.ts';
import { findPersonByEmail } from '../../src/storage/people.ts';
import { findUserByEmail, setUserTier } from '../../src/storage/users.ts';
import { obtainTokens, publicClient } from '../oauth/support/authorization-code.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { inviteAndJoin } from './support/members.ts';

const KEY_PATTERN = /sk_live_[0-9A-Za-z]{38}/;
const RETARGETING = 'Retargeting: site visitors';

describe.each(TEST_DIALECTS)('approvals in a team on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    service.services.config.appUrl = service.url;
  });
  afterAll(() => service.stop());

  /** An admin with a TikTok sandbox advertiser, signed in. */
  async function workspace() {
    const admin = new ConsoleClient(service.url);
    const email = uniqueEmail('team');
    await admin.signUp(email, PASSWORD);
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('no workspace');
    await setUserTier(db, user.id, 'pro');
    await addAccount(service.services, user, { platform: 'video' });
    return { admin, email, user };
  }

  /** A key made in the console by this member, that needs approval for every spend change. */
  async function consoleKey(client: ConsoleClient, name: string): Promise<string> {
    const made = await client.follow(
      client.submit('/keys', '/keys', {
        name,
        expires: '30d',
        scope: 'spend',
        approval: 'spend',
      }),
    );
    expect(made.status, made.text.slice(0, 500)).toBe(200);
    return KEY_PATTERN.exec(made.text)?.[0] ?? '';
  }

  /** The agent raises the retargeting campaign's budget by `by`; it waits: the approval's id. */
  async function raise(key: string, by = 10): Promise<string> {
    const listed = await callTool(service.url, key, 'list_video_campaigns');
    const campaign = listed.body.data.structured.campaigns.find((c: any) => c.name === RETARGETING);
    const budget = Number(campaign.daily_budget) + by;
    const asked = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: String(campaign.campaign_id),
      daily_budget: budget,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    return asked.body.data.structured.approval.id;
  }

  const statusOf = async (userId: string, id: string) =>
    (await findApproval(service.services.storage.db, userId, id))?.status;

  it('the operator’s key asks, the operator cannot decide, the approver approves; the history names each', async () => {
    const { admin, user } = await workspace();
    const operator = await inviteAndJoin(service.url, admin, 'operator');
    const approver = await inviteAndJoin(service.url, admin, 'approver');
    const key = await consoleKey(operator.client, 'operator agent');
    const id = await raise(key);

    // The page offers the operator no decision; the form posted anyway is refused.
    const page = await operator.client.get(`/approvals/${id}`);
    expect(page.text).not.toContain(`action="/approvals/${id}/approve"`);
    expect(page.text).toContain('Your role, operator, does not decide approvals');
    const refused = await operator.client.post(`/approvals/${id}/approve`, { _csrf: csrfTokenOf(page.text) });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('is operator; this needs approver or above.');
    expect(await statusOf(user.id, id)).toBe('pending');

    const approved = await approver.client.submit(`/approvals/${id}`, `/approvals/${id}/approve`, {});
    expect(approved.location).toBe(`/approvals/${id}`);
    expect(await statusOf(user.id, id)).toBe('applied');
    const approval = await admin.get(`/approvals/${id}`);
    expect(approval.text).toContain(`by ${approver.email}`);

    // The history: the change by the operator's key, approved by the approver, found by the operator's name.
    const person = await findPersonByEmail(service.services.storage.db, operator.email);
    const mine = await admin.get(`/activity?who=member:${person?.id}`);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('key operator agent');
    const change = /href="(\/activity\/aud_[0-9a-f]+)"/.exec(mine.text)?.[1] ?? '';
    expect((await admin.get(change)).text).toContain(`approved by ${approver.email}`);
    const approverPerson = await findPersonByEmail(service.services.storage.db, approver.email);
    const theirs = await admin.get(`/activity?who=member:${approverPerson?.id}`);
    expect(theirs.text).not.toContain('key operator agent');
  });

  it('no one approves what their own key asked while another member may; alone, the owner still does', async () => {
    const { admin, email, user } = await workspace();
    // Alone in the workspace: the admin approves what their own key asked, as before teams.
    const own = await consoleKey(admin, 'admin agent');
    const alone = await raise(own);
    await admin.submit(`/approvals/${alone}`, `/approvals/${alone}/approve`, {});
    expect(await statusOf(user.id, alone)).toBe('applied');

    const approver = await inviteAndJoin(service.url, admin, 'approver');
    const theirs = await consoleKey(approver.client, 'approver agent');
    const id = await raise(theirs);
    const refused = await approver.client.submit(`/approvals/${id}`, `/approvals/${id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(
      `You made the key “approver agent” that asked for this change, so another member approves it: ${email}.`,
    );
    expect(await statusOf(user.id, id)).toBe('pending');
    // Now that an approver is there, the admin's own key's ask is the approver's to decide.
    const next = await raise(own);
    expect((await admin.submit(`/approvals/${next}`, `/approvals/${next}/approve`, {})).status).toBe(403);
    await approver.client.submit(`/approvals/${next}`, `/approvals/${next}/approve`, {});
    expect(await statusOf(user.id, next)).toBe('applied');
    // Rejecting what one's own key asked spends nothing: it stays open.
    await approver.client.submit(`/approvals/${id}`, `/approvals/${id}/reject`, {});
    expect(await statusOf(user.id, id)).toBe('rejected');
  });

  it('a change above the workspace’s amount waits for two approvers, each someone else; below it, one decides', async () => {
    const { admin, email, user } = await workspace();
    const approver = await inviteAndJoin(service.url, admin, 'approver');
    const operator = await inviteAndJoin(service.url, admin, 'operator');
    const refused = await admin.submit('/members', '/members/two-approvers', {
      two_approvers_above: '20 dollars',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      '&quot;20 dollars&quot; is not an amount a day: write an amount and a currency, like 500:USD.',
    );
    const set = await admin.submit('/members', '/members/two-approvers', { two_approvers_above: '20:usd' });
    expect(set.location).toBe('/members');
    expect((await admin.get('/members')).text).toContain('value="20.00:USD"');

    const key = await consoleKey(operator.client, 'operator agent');
    const big = await raise(key, 25);
    const first = await approver.client.submit(`/approvals/${big}`, `/approvals/${big}/approve`, {});
    expect(first.location).toBe(`/approvals/${big}`);
    expect(await statusOf(user.id, big)).toBe('pending');
    const page = await approver.client.get(`/approvals/${big}`);
    expect(page.text).toContain(
      `Approved once, by ${approver.email}: this change needs a second approver, someone else.`,
    );
    // The same approver twice is one approval.
    const twice = await approver.client.submit(`/approvals/${big}`, `/approvals/${big}/approve`, {});
    expect(twice.status).toBe(403);
    expect(twice.text).toContain('You gave the first approval: this change is above 20.00 USD a day');
    expect(await statusOf(user.id, big)).toBe('pending');
    await admin.submit(`/approvals/${big}`, `/approvals/${big}/approve`, {});
    expect(await statusOf(user.id, big)).toBe('applied');
    const decided = await findApproval(service.services.storage.db, user.id, big);
    expect([decided?.first_approved_by, decided?.decided_by]).toEqual([approver.email, email]);

    // At or below the amount, one approval applies it.
    const small = await raise(key, 20);
    await approver.client.submit(`/approvals/${small}`, `/approvals/${small}/approve`, {});
    expect(await statusOf(user.id, small)).toBe('applied');
  });

  it('no one approves what an app they allowed asked, while another member may', async () => {
    const { admin, email, user } = await workspace();
    const approver = await inviteAndJoin(service.url, admin, 'approver');
    const app = await publicClient(service.url);
    const tokens = await obtainTokens(service.url, approver.client, app, {
      scope: 'spend offline_access',
      consent: { approval: 'spend' },
    });
    const id = await raise(tokens.access_token);
    const refused = await approver.client.submit(`/approvals/${id}`, `/approvals/${id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(
      `You allowed the app “Test connector” that asked for this change, so another member approves it: ${email}.`,
    );
    expect(await statusOf(user.id, id)).toBe('pending');
    await admin.submit(`/approvals/${id}`, `/approvals/${id}/approve`, {});
    expect(await statusOf(user.id, id)).toBe('applied');
  });
});
