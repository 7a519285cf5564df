import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import type { SandboxCampaign } from '../../../src/sandbox/social/campaign-records.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { accessTokenOf, type GraphAnswer, graph, proofOf, socialAccounts } from './support.ts';

const range = (day: string) => encodeURIComponent(JSON.stringify({ since: day, until: day }));

describe.each(TEST_DIALECTS)('the social sandbox: GET and POST /{campaign_id} on %s', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let token: string;
  let accountId: string;
  let store: SandboxStore;
  // Noon: a day's spend accrues through the day, and the test moves within it.
  const clock = new TestClock('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('free', ['social']);
    token = await accessTokenOf(service, owner);
    accountId = (await socialAccounts(service, owner))[0]?.account_id ?? '';
    store = new SandboxStore(service.services.storage.db, 'social');
  });
  afterAll(() => service.stop());

  async function campaignId(name: string): Promise<string> {
    const found = (await store.list<SandboxCampaign>('campaign', accountId)).find(
      (c) => c.data.name === name,
    );
    if (!found) throw new Error(`no campaign "${name}"`);
    return found.id;
  }
  const stored = async (id: string) => (await store.get<SandboxCampaign>('campaign', id))?.data;

  /** A POST as a Graph client sends it: form-encoded (the default) or JSON, the proof in the query. */
  async function post(
    path: string,
    fields: Record<string, unknown>,
    encoding: 'form' | 'json' = 'form',
    as = token,
  ): Promise<GraphAnswer> {
    const url = new URL(`${service.url}/sandbox/social${path}`);
    url.searchParams.set('appsecret_proof', proofOf(as));
    const form = new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${as}`,
        'content-type': encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      },
      body: encoding === 'json' ? JSON.stringify(fields) : form.toString(),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  function expectRefusal(answer: GraphAnswer, subcode?: number) {
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    if (subcode !== undefined) expect(answer.body.error.error_subcode).toBe(subcode);
    expect(answer.body.error.fbtrace_id).toEqual(expect.any(String));
  }

  /** What the insights report says the campaign spent today, in micros (0 without a row). */
  async function spentToday(id: string): Promise<number> {
    const today = service.services.clock.now().toISOString().slice(0, 10);
    const filtering = encodeURIComponent(
      JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [id] }]),
    );
    const answer = await graph(
      service,
      `/v25.0/${accountId}/insights?level=campaign&fields=campaign_id,spend&time_range=${range(today)}&filtering=${filtering}`,
      token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.reduce((sum: number, row: any) => sum + decimalToMicros(row.spend), 0);
  }

  it('reads a campaign by id with the fields asked, and refuses an unknown field', async () => {
    const id = await campaignId('Always-on prospecting');
    const node = await graph(service, `/v25.0/${id}?fields=id,account_id,name,status,daily_budget`, token);
    expect(node.status).toBe(200);
    expect(node.body).toEqual({
      id,
      account_id: accountId.replace('act_', ''),
      name: 'Always-on prospecting',
      status: 'ACTIVE',
      daily_budget: '20000',
    });
    expect(await graph(service, `/v25.0/${id}`, token)).toMatchObject({ body: { id } });
    const field = await graph(service, `/v25.0/${id}?fields=budget`, token);
    expectRefusal(field);
    expect(field.body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (budget) on node type (Campaign)',
    );
  });

  it("answers an unknown id, and another owner's campaign, as an object it cannot load (100/33)", async () => {
    const other = await service.createOwner('free', ['social']);
    const [theirAccount] = await socialAccounts(service, other);
    const theirs = (await store.list('campaign', theirAccount?.account_id ?? ''))[0]?.id ?? '';
    for (const id of ['120299999999999999', theirs]) {
      const read = await graph(service, `/v25.0/${id}?fields=name`, token);
      expect(read.status).toBe(400);
      expect(read.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
      const write = await post(`/v25.0/${id}`, { status: 'PAUSED' });
      expect(write.body.error.message).toMatch(/^Unsupported post request\. Object with ID/);
    }
    expect((await store.get<SandboxCampaign>('campaign', theirs))?.data.status).toBe('ACTIVE');
    expect(
      (await post(`/v25.0/${await campaignId('Always-on prospecting')}`, { name: 'x' }, 'form', 'forged'))
        .body.error.code,
    ).toBe(190);
  });

  it('updates from a form body and a JSON body, answering {success: true}; spend follows', async () => {
    const id = await campaignId('Retargeting: cart abandoners');
    const morning = await spentToday(id);
    expect(morning).toBeGreaterThan(1_000_000);
    const lowered = await post(`/v25.0/${id}`, { daily_budget: '100' });
    expect([lowered.status, lowered.body]).toEqual([200, { success: true }]);
    expect((await stored(id))?.daily_budget).toBe('100');
    // Lowered below what the day has spent: it keeps that, and accrues nothing more.
    clock.advanceSeconds(3600);
    expect(await spentToday(id)).toBe(morning);

    const paused = await post(`/v25.0/${id}`, { status: 'PAUSED', name: 'Retargeting (paused)' }, 'json');
    expect(paused.body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ status: 'PAUSED', name: 'Retargeting (paused)' });
    clock.advanceSeconds(3600);
    expect(await spentToday(id)).toBe(morning);
    const node = await graph(service, `/v25.0/${id}?fields=status,effective_status,configured_status`, token);
    expect(node.body).toEqual({
      id,
      status: 'PAUSED',
      effective_status: 'PAUSED',
      configured_status: 'PAUSED',
    });

    // The SDKs send the object's id with every update; a JSON daily_budget may be a number.
    const back = await post(`/v25.0/${id}`, { id, status: 'ACTIVE', daily_budget: 9000 }, 'json');
    expect(back.body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ status: 'ACTIVE', daily_budget: '9000' });
    clock.advanceSeconds(4 * 3600);
    expect(await spentToday(id)).toBeGreaterThan(morning);
    expect(await spentToday(id)).toBeLessThanOrEqual(90_000_000);
  });

  it('validates without changing on execution_options=["validate_only"], in either encoding', async () => {
    const id = await campaignId('Brand video: awareness');
    const before = await stored(id);
    const form = await post(`/v25.0/${id}`, { status: 'ACTIVE', execution_options: ['validate_only'] });
    expect(form.body).toEqual({ success: true });
    const json = await post(
      `/v25.0/${id}`,
      { daily_budget: 7500, execution_options: ['validate_only'] },
      'json',
    );
    expect(json.body).toEqual({ success: true });
    expect(await stored(id)).toEqual(before);
    // Validation still refuses what the update would.
    const low = await post(`/v25.0/${id}`, { daily_budget: 50, execution_options: ['validate_only'] });
    expectRefusal(low, 1885272);
    const option = await post(`/v25.0/${id}`, { name: 'x', execution_options: ['dry_run'] });
    expectRefusal(option);
    expect(option.body.error.message).toBe(
      '(#100) Param execution_options[0] must be one of {validate_only, include_recommendations, synchronous_ad_review}',
    );
  });

  it("refuses bad values with Meta's error objects", async () => {
    const id = await campaignId('Brand video: awareness');
    const status = await post(`/v25.0/${id}`, { status: 'RUNNING' });
    expectRefusal(status);
    expect(status.body.error.message).toBe(
      '(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}',
    );
    const budget = await post(`/v25.0/${id}`, { daily_budget: '12.50' });
    expectRefusal(budget);
    expect(budget.body.error.message).toBe('(#100) Param daily_budget must be an integer');
    const low = await post(`/v25.0/${id}`, { daily_budget: '99' });
    expectRefusal(low, 1885272);
    expect(low.body.error).toMatchObject({
      error_user_title: 'Your Budget Is Too Low',
      error_user_msg: expect.stringContaining('The minimum daily budget for this campaign is 1.00 USD'),
    });
    // Counted in UTF-16 units, as the tools count it: 201 emoji are 402.
    const long = await post(`/v25.0/${id}`, { name: '🚀'.repeat(201) });
    expectRefusal(long);
    expect(long.body.error.message).toBe('(#100) Param name must be at most 400 characters (got 402)');
    const unknown = await post(`/v25.0/${id}`, { colour: 'blue' });
    expectRefusal(unknown);
    expect(unknown.body.error).toMatchObject({
      message: '(#100) Invalid parameter',
      error_user_title: 'Invalid parameter',
    });
    expect(unknown.body.error.error_user_msg).toMatch(/^colour is not a parameter of this endpoint/);
    const notServed = await post(`/v25.0/${id}`, { spend_cap: '100000' });
    expectRefusal(notServed);
    expect(notServed.body.error.error_user_title).toBe('Not served by the sandbox');
    expect(await stored(id)).toMatchObject({
      status: 'PAUSED',
      daily_budget: '6000',
      name: 'Brand video: awareness',
    });
  });

  it('refuses a daily budget on a campaign without a campaign daily budget, as Meta does', async () => {
    const lifetime = await post(`/v25.0/${await campaignId('Lead forms: spring webinar')}`, {
      daily_budget: '5000',
    });
    expectRefusal(lifetime, 1885621);
    expect(lifetime.body.error.error_user_msg).toContain('has a lifetime budget');
    const adSets = await post(`/v25.0/${await campaignId('Instagram engagement test')}`, {
      daily_budget: '5000',
    });
    expectRefusal(adSets, 1885621);
    expect(adSets.body.error.error_user_msg).toContain('its budgets are set on its ad sets');
  });

  it('changes an archived campaign only to rename or delete it, and a deleted one not at all', async () => {
    const id = await campaignId('Seasonal sale (ended)');
    const activate = await post(`/v25.0/${id}`, { status: 'ACTIVE' });
    expectRefusal(activate);
    expect(activate.body.error.error_user_title).toBe('Campaign Archived');
    expect((await post(`/v25.0/${id}`, { name: 'Seasonal sale 2025' })).body).toEqual({ success: true });
    expect((await post(`/v25.0/${id}`, { status: 'DELETED' })).body).toEqual({ success: true });
    // Deleted: still read by id, never changed.
    const read = await graph(service, `/v25.0/${id}?fields=name,effective_status`, token);
    expect(read.body).toEqual({ id, name: 'Seasonal sale 2025', effective_status: 'DELETED' });
    const again = await post(`/v25.0/${id}`, { name: 'Back' });
    expectRefusal(again);
    expect(again.body.error.error_user_title).toBe('Campaign Deleted');
  });
});
