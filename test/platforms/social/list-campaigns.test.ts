import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../../src/storage/audit.ts';
import { listSocialCampaigns } from '../../../src/tools/social/list-social-campaigns.ts';
import { callTool, connectOverHttp, textOf } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { outputOf } from '../../support/output-schema.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { addSandboxCampaign, ownerWithMagicAccount, socialAccounts } from './support.ts';

const TOOL = 'list_social_campaigns';
const LISTED = [
  'Always-on prospecting',
  'Retargeting: cart abandoners',
  'Brand video: awareness',
  'Runaway: advantage+ audience',
  'Lead forms: spring webinar',
  'Instagram engagement test',
];

describe.each(TEST_DIALECTS)('list_social_campaigns against the social sandbox on %s', (dialect) => {
  let service: TestService;
  const clock = new TestClock('2026-11-22T10:00:00Z');
  const clients: Client[] = [];

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await service.stop();
  });

  async function ownerWithAccount(): Promise<{ owner: Owner; accountId: string }> {
    const owner = await service.createOwner('free', ['social']);
    const [account] = await socialAccounts(service, owner);
    return { owner, accountId: account?.account_id ?? '' };
  }

  it('lists the campaigns neither archived nor deleted, with statuses, objectives and budgets', async () => {
    const { owner, accountId } = await ownerWithAccount();
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(200);
    const { text, quota } = body.data;
    const structured = outputOf(listSocialCampaigns, body.data.structured);
    expect(quota.used).toBe(1);
    expect(structured).toMatchObject({ ad_account_id: accountId, currency: 'USD', next_cursor: null });
    expect(structured.campaigns.map((c: any) => c.name)).toEqual(LISTED);
    expect(structured.campaigns[0]).toEqual({
      id: expect.stringMatching(/^\d{18}$/),
      name: 'Always-on prospecting',
      status: 'ACTIVE',
      platform_status: 'ACTIVE',
      effective_status: 'ACTIVE',
      objective: 'OUTCOME_TRAFFIC',
      daily_budget: '200.00',
      lifetime_budget: null,
    });
    const lifetime = structured.campaigns.find((c: any) => c.name === 'Lead forms: spring webinar');
    expect(lifetime).toMatchObject({ daily_budget: null, lifetime_budget: '12000.00' });
    const adSets = structured.campaigns.find((c: any) => c.name === 'Instagram engagement test');
    expect(adSets).toMatchObject({ status: 'PAUSED', daily_budget: null, lifetime_budget: null });
    expect(text).toContain(`6 campaigns with status ACTIVE or PAUSED in Meta ad account ${accountId}`);
    expect(text).toContain(
      '| Campaign | Id | Status | Effective status | Objective | Daily budget | Lifetime budget |',
    );
    expect(text).toContain(
      `| Always-on prospecting | ${structured.campaigns[0].id} | ACTIVE | ACTIVE | OUTCOME_TRAFFIC | 200.00 | – |`,
    );
    expect(text).toContain('| on ad sets | on ad sets |');
  });

  it("filters by status, the common one or Meta's own word, sent as the effective statuses it means", async () => {
    const { owner } = await ownerWithAccount();
    const names = async (status: string[]) => {
      const { body } = await service.call(TOOL, { status }, { key: owner.key });
      return outputOf(listSocialCampaigns, body.data.structured).campaigns.map((c: any) => c.name);
    };
    expect(await names(['REMOVED'])).toEqual(['Seasonal sale (ended)']);
    expect(await names(['archived'])).toEqual(['Seasonal sale (ended)']);
    expect(await names(['PAUSED'])).toEqual(['Brand video: awareness', 'Instagram engagement test']);
    const removed = await service.call(TOOL, { status: ['REMOVED'] }, { key: owner.key });
    expect(removed.body.data.structured.campaigns[0]).toMatchObject({
      status: 'REMOVED',
      platform_status: 'ARCHIVED',
    });
    const deleted = await service.call(TOOL, { status: ['DELETED'] }, { key: owner.key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.structured.campaigns.map((c: any) => c.name)).toEqual(['Seasonal sale (ended)']);
    const none = await service.call(TOOL, { status: ['WITH_ISSUES'] }, { key: owner.key });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('status');
    const wrong = await service.call(TOOL, { status: ['RUNNING'] }, { key: owner.key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_arguments');
    expect(wrong.body.error).toContain('status');
    const twice = await service.call(TOOL, { status: ['ACTIVE', 'ACTIVE'] }, { key: owner.key });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('must not repeat a status');
  });

  it("pages past the limit with next_cursor to the end, following several of Meta's pages per call", async () => {
    const { owner, accountId } = await ownerWithAccount();
    for (let i = 0; i < 120; i++) {
      clock.advanceSeconds(1);
      await addSandboxCampaign(service, accountId, {
        name: `Bulk ${String(i).padStart(3, '0')}`,
        status: 'PAUSED',
      });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let calls = 0;
    do {
      const { status, body } = await service.call(
        TOOL,
        { limit: 2, ...(cursor && { cursor }) },
        { key: owner.key },
      );
      expect(status, JSON.stringify(body)).toBe(200);
      seen.push(...body.data.structured.campaigns.map((c: any) => c.name));
      cursor = body.data.structured.next_cursor ?? undefined;
      if (cursor) expect(body.data.text).toContain('cursor set to next_cursor');
      calls++;
    } while (cursor && calls < 4);
    expect(seen).toEqual([...LISTED, 'Bulk 000', 'Bulk 001']);
    // 126 campaigns at once: two pages of Meta's (100 and 26), one answer.
    const all = await service.call(TOOL, { limit: 500 }, { key: owner.key });
    expect(all.body.data.structured.campaigns).toHaveLength(126);
    expect(all.body.data.structured.next_cursor).toBeNull();
    await service.services.audit.flush();
    const entries = await listAuditEntries(service.services.storage.db, owner.userId);
    const entry = entries.find((e) => e.request_id === all.body.request_id);
    expect(JSON.parse(entry?.upstream_request_ids ?? '[]')).toHaveLength(2);
    const halves = await service.call(TOOL, { limit: 100 }, { key: owner.key });
    const rest = await service.call(
      TOOL,
      { limit: 100, cursor: halves.body.data.structured.next_cursor },
      { key: owner.key },
    );
    expect([...halves.body.data.structured.campaigns, ...rest.body.data.structured.campaigns]).toEqual(
      all.body.data.structured.campaigns,
    );
    expect(rest.body.data.structured.next_cursor).toBeNull();
  });

  it('refuses a cursor made for another query or another account', async () => {
    const { owner } = await ownerWithAccount();
    const first = await service.call(TOOL, { limit: 2 }, { key: owner.key });
    const cursor = first.body.data.structured.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const other = await service.call(TOOL, { limit: 2, status: ['PAUSED'], cursor }, { key: owner.key });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'invalid_arguments',
      structured_content: { issues: [{ field: 'cursor' }] },
    });
    const stranger = await ownerWithAccount();
    const theirs = await service.call(TOOL, { limit: 2, cursor }, { key: stranger.owner.key });
    expect(theirs.status).toBe(400);
    expect(theirs.body.error).toContain('cursor: is not a next_cursor of a call with these arguments');
    const garbage = await service.call(TOOL, { cursor: 'bm90LWEtY3Vyc29y' }, { key: owner.key });
    expect(garbage.status).toBe(400);
  });

  it('follows the multi-account rule', async () => {
    const owner = await service.createOwner('free', ['social', 'social']);
    const accounts = await socialAccounts(service, owner);
    const unnamed = await service.call(TOOL, {}, { key: owner.key });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.code).toBe('account_selection_required');
    expect(unnamed.body.error).toContain('pass ad_account_id');
    const named = await service.call(TOOL, { ad_account_id: accounts[1]?.account_id }, { key: owner.key });
    expect(named.status).toBe(200);
    expect(named.body.data.structured.ad_account_id).toBe(accounts[1]?.account_id);
    const foreign = await ownerWithAccount();
    const refused = await service.call(TOOL, { ad_account_id: foreign.accountId }, { key: owner.key });
    expect(refused.body.code).toBe('account_selection_required');
  });

  it('answers the same through MCP as over REST, and the same bytes twice', async () => {
    const { owner } = await ownerWithAccount();
    const client = await connectOverHttp(service.url, owner.key);
    clients.push(client);
    const args = { status: ['ACTIVE', 'PAUSED', 'ARCHIVED'], limit: 3 };
    const result = await callTool(client, { name: TOOL, arguments: args });
    const rest = await service.call(TOOL, args, { key: owner.key });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(rest.body.data.text);
    expect(result.structuredContent).toEqual(rest.body.data.structured);
    const again = await service.call(TOOL, args, { key: owner.key });
    expect(JSON.stringify(again.body.data.structured)).toBe(JSON.stringify(rest.body.data.structured));
    expect(again.body.data.text).toBe(rest.body.data.text);
  });

  it("turns Meta's throttle on the campaigns edge into 429", async () => {
    const owner = await ownerWithMagicAccount(service, 'rate_limited');
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(429);
    expect(body.code).toBe('upstream_rate_limited');
  });
});
