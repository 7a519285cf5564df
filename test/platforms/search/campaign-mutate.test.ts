import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/sandbox/search/dates.ts';
import type { StoredBudget, StoredCampaign } from '../../../src/sandbox/search/resources.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { googleAds, type SearchOwner, searchOwner, VERSION } from './support.ts';

const NOW = '2026-11-24T10:00:00.000Z';
const TODAY = '2026-11-24';
const YESTERDAY = addDays(TODAY, -1);

const firstError = (body: any) => body.error.details[0].errors[0];
const errorCodes = (body: any) => body.error.details[0].errors.map((error: any) => error.errorCode);

// campaigns:mutate and campaignBudgets:mutate as Google serves them over REST, applied to the sandbox's
// state, with its reports following from the instant of the change.
describe.each(TEST_DIALECTS)('the campaign and budget mutates of the Google Ads sandbox on %s', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let store: SandboxStore;
  /** An access token that outlives the clock's moves through the days. */
  let token: string;
  const clock = new TestClock(NOW);
  const ids: Record<string, string> = {};
  const budgetIds: Record<string, string> = {};

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    acme = await searchOwner(service);
    store = new SandboxStore(service.services.storage.db, 'search');
    const grant = { userId: acme.owner.userId, accountIds: [acme.customerId] };
    token = (
      await issueSandboxToken(service.services.storage.db, 'search', 'access', grant, clock.now(), null)
    ).token;
    for (const campaign of await store.list<StoredCampaign>('campaign', acme.customerId)) {
      ids[campaign.data.name] = campaign.id;
    }
    for (const budget of await store.list<StoredBudget>('campaign_budget', acme.customerId)) {
      budgetIds[budget.data.name] = budget.id;
    }
  });
  afterAll(() => service.stop());

  const post = (method: string, body: unknown) =>
    googleAds(service, `/${VERSION}/customers/${acme.customerId}/${method}`, { token, body });
  const campaignName = (id: string | undefined) => `customers/${acme.customerId}/campaigns/${id}`;
  const budgetName = (id: string | undefined) => `customers/${acme.customerId}/campaignBudgets/${id}`;
  const statusOp = (id: string | undefined, status: string, updateMask = 'status') => ({
    update: { resourceName: campaignName(id), status },
    updateMask,
  });
  const amountOp = (id: string | undefined, amountMicros: string | number) => ({
    update: { resourceName: budgetName(id), amountMicros },
    updateMask: 'amountMicros',
  });
  const stored = async (id: string | undefined) =>
    (await store.get<StoredCampaign>('campaign', id ?? ''))?.data;
  const storedBudget = async (id: string | undefined) =>
    (await store.get<StoredBudget>('campaign_budget', id ?? ''))?.data;
  /** The campaign's cost on one day, from the sandbox's own report. */
  const costOn = async (id: string | undefined, date: string) => {
    const answer = await post('googleAds:search', {
      query:
        `SELECT campaign.id, metrics.cost_micros FROM campaign WHERE campaign.id = ${id} ` +
        `AND segments.date = '${date}'`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Number(answer.body.results?.[0]?.metrics?.costMicros ?? 0);
  };

  it('pauses a campaign: Google answers its resource name, GAQL reads PAUSED, it spends nothing from then', async () => {
    const id = ids['Competitors - Search'];
    const morning = await costOn(id, TODAY);
    expect(morning).toBeGreaterThan(0);
    const yesterday = await costOn(id, YESTERDAY);
    expect(yesterday).toBeGreaterThan(0);

    const paused = await post('campaigns:mutate', { operations: [statusOp(id, 'PAUSED')] });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toEqual({ results: [{ resourceName: campaignName(id) }] });
    expect(paused.headers.get('request-id')).toMatch(/^[\w-]{22}$/);
    expect((await stored(id))?.status).toBe('PAUSED');
    const read = await post('googleAds:search', {
      query: `SELECT campaign.status FROM campaign WHERE campaign.id = ${id}`,
    });
    expect(read.body.results[0].campaign.status).toBe('PAUSED');
    // The day keeps what it spent until the pause, and accrues nothing after it.
    clock.set(`${TODAY}T14:00:00.000Z`);
    expect(await costOn(id, TODAY)).toBe(morning);
    // The days before the change keep what they spent.
    expect(await costOn(id, YESTERDAY)).toBe(yesterday);

    const enabled = await post('campaigns:mutate', {
      operations: [statusOp(id, 'ENABLED')],
      responseContentType: 'MUTABLE_RESOURCE',
    });
    expect(enabled.body.results).toEqual([
      {
        resourceName: campaignName(id),
        campaign: {
          resourceName: campaignName(id),
          id,
          name: 'Competitors - Search',
          status: 'ENABLED',
          advertisingChannelType: 'SEARCH',
          campaignBudget: budgetName(budgetIds['Competitors budget']),
        },
      },
    ]);
    // Its budget spent in the morning, it spends again the next day.
    const tomorrow = addDays(TODAY, 1);
    clock.set(`${tomorrow}T12:00:00.000Z`);
    expect(await costOn(id, tomorrow)).toBeGreaterThan(0);
    expect(await costOn(id, TODAY)).toBe(morning);
    clock.set(`${TODAY}T16:00:00.000Z`);
  });

  it('changes a budget: GAQL reads the new amount, the day accrues no more, the next spends within it', async () => {
    const id = ids['Brand - Search'];
    const budgetId = budgetIds['Brand budget'];
    const spent = await costOn(id, TODAY);
    // 3.00 a day: at least one click at any of the sandbox's prices, far fewer than the day would have.
    const changed = await post('campaignBudgets:mutate', { operations: [amountOp(budgetId, '3000000')] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ results: [{ resourceName: budgetName(budgetId) }] });
    expect((await storedBudget(budgetId))?.amountMicros).toBe('3000000');
    const read = await post('googleAds:search', {
      query: `SELECT campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${id}`,
    });
    expect(read.body.results[0].campaignBudget.amountMicros).toBe('3000000');
    // Lowered below what the day has spent: the day keeps it and accrues nothing more.
    expect(spent).toBeGreaterThan(3_000_000);
    clock.set(`${TODAY}T20:00:00.000Z`);
    expect(await costOn(id, TODAY)).toBe(spent);
    const tomorrow = addDays(TODAY, 1);
    clock.set(`${tomorrow}T20:00:00.000Z`);
    const next = await costOn(id, tomorrow);
    expect(next).toBeGreaterThan(0);
    expect(next).toBeLessThanOrEqual(3_000_000);
    expect(await costOn(id, TODAY)).toBe(spent);
  });

  it('splits a shared budget between the campaigns running on it, from the day one of them changes', async () => {
    const generic = ids['Generic - Search'];
    const longTail = ids['Generic - Long tail'];
    const shared = budgetIds['Shared: non-brand'];
    // Changed at the start of a day, so the day spends under the new budget alone.
    const day = addDays(TODAY, 2);
    clock.set(`${day}T00:00:00.000Z`);
    // 6.00 a day shared by two running campaigns: each spends at most 3.00.
    expect((await post('campaignBudgets:mutate', { operations: [amountOp(shared, 6_000_000)] })).status).toBe(
      200,
    );
    expect((await post('campaigns:mutate', { operations: [statusOp(longTail, 'ENABLED')] })).status).toBe(
      200,
    );
    clock.set(`${day}T12:00:00.000Z`);
    expect(await costOn(generic, day)).toBeLessThanOrEqual(3_000_000);
    const longTailSpent = await costOn(longTail, day);
    expect(longTailSpent).toBeGreaterThan(0);
    expect(longTailSpent).toBeLessThanOrEqual(3_000_000);
    // Paused again at noon, it keeps the morning's spend, and the other one has the whole budget.
    expect((await post('campaigns:mutate', { operations: [statusOp(longTail, 'PAUSED')] })).status).toBe(200);
    clock.set(`${day}T23:59:59.999Z`);
    expect(await costOn(longTail, day)).toBe(longTailSpent);
    // Whatever a click costs, 6.00 buys more than 3.00 of them.
    expect(await costOn(generic, day)).toBeGreaterThan(3_000_000);
    expect(await costOn(generic, day)).toBeLessThanOrEqual(6_000_000);
  });

  it('checks everything and changes nothing on validateOnly', async () => {
    const id = ids['Brand - Search'];
    const budgetId = budgetIds['Brand budget'];
    const before = [await stored(id), await storedBudget(budgetId)];
    const campaigns = await post('campaigns:mutate', {
      operations: [statusOp(id, 'PAUSED')],
      validateOnly: true,
    });
    expect(campaigns).toMatchObject({ status: 200, body: {} });
    const budgets = await post('campaignBudgets:mutate', {
      operations: [amountOp(budgetId, 90_000_000)],
      validateOnly: true,
    });
    expect(budgets).toMatchObject({ status: 200, body: {} });
    expect([await stored(id), await storedBudget(budgetId)]).toEqual(before);
    // Errors still come back.
    const refused = await post('campaignBudgets:mutate', {
      operations: [amountOp(budgetId, 1_234_567)],
      validateOnly: true,
    });
    expect(refused.status).toBe(400);
    expect(errorCodes(refused.body)).toEqual([
      { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
    ]);
  });

  it("refuses what Google refuses about a campaign update, with Google's codes and field paths", async () => {
    const id = ids['Competitors - Search'];
    const before = await stored(id);
    const refused = async (operation: unknown) => {
      const answer = await post('campaigns:mutate', { operations: [operation] });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      return firstError(answer.body);
    };
    const noMask = await refused({ update: { resourceName: campaignName(id), status: 'PAUSED' } });
    expect(noMask).toMatchObject({
      errorCode: { fieldMaskError: 'FIELD_MASK_MISSING' },
      location: { fieldPathElements: [{ fieldName: 'operations', index: 0 }, { fieldName: 'update_mask' }] },
    });
    expect((await refused(statusOp(id, 'PAUSED', 'id'))).errorCode).toEqual({
      fieldError: 'IMMUTABLE_FIELD',
    });
    expect((await refused(statusOp(id, 'PAUSED', 'advertisingChannelType'))).errorCode).toEqual({
      fieldMaskError: 'FIELD_NOT_FOUND',
    });
    const unknown = await refused(statusOp('123', 'PAUSED'));
    expect(unknown.errorCode).toEqual({ mutateError: 'RESOURCE_NOT_FOUND' });
    expect(unknown.message).toContain(`no campaign 123 in customer ${acme.customerId}`);
    expect((await refused(statusOp(ids['Holiday sale'], 'ENABLED'))).errorCode).toEqual({
      operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE',
    });
    expect((await refused(statusOp(id, 'REMOVED'))).errorCode).toEqual({
      campaignError: 'INVALID_STATUS_CHANGE',
    });
    expect((await refused(statusOp(id, 'UNKNOWN'))).errorCode).toEqual({
      requestError: 'INVALID_ENUM_VALUE',
    });
    const other = await refused({
      update: { resourceName: `customers/999/campaigns/${id}`, status: 'PAUSED' },
      updateMask: 'status',
    });
    expect(other.errorCode).toEqual({ requestError: 'RESOURCE_NAME_MALFORMED' });
    // A create is checked as Google checks a new campaign: it needs a channel, among other fields.
    const incomplete = await refused({ create: { name: 'New', status: 'PAUSED' } });
    expect(incomplete.errorCode).toEqual({ fieldError: 'REQUIRED' });
    expect(incomplete.message).toContain('advertising_channel_type');
    const renamed = await refused({
      update: { resourceName: campaignName(id), name: 'Brand - Search' },
      updateMask: 'name',
    });
    expect(renamed.errorCode).toEqual({ campaignError: 'DUPLICATE_CAMPAIGN_NAME' });

    // Google's front end refuses what the request message cannot hold.
    const badEnum = await post('campaigns:mutate', { operations: [statusOp(id, 'STOPPED')] });
    expect(badEnum.status).toBe(400);
    expect(badEnum.body.error.message).toContain(
      `Invalid value at 'operations[0].update.status' (type.googleapis.com/google.ads.googleads.${VERSION}.enums.CampaignStatusEnum.CampaignStatus), "STOPPED"`,
    );
    const unknownField = await post('campaigns:mutate', {
      operations: [
        { ...statusOp(id, 'PAUSED'), update: { resourceName: campaignName(id), state: 'PAUSED' } },
      ],
    });
    expect(unknownField.body.error.message).toContain('Unknown name "state"');
    const none = await post('campaigns:mutate', { operations: [] });
    expect(errorCodes(none.body)).toEqual([{ requestError: 'OPERATION_REQUIRED' }]);
    expect(await stored(id)).toEqual(before);
  });

  it('runs all or nothing, or each valid operation alone under partialFailure', async () => {
    const brand = ids['Brand - Search'];
    const competitors = ids['Competitors - Search'];
    const whole = await post('campaigns:mutate', {
      operations: [statusOp(brand, 'PAUSED'), statusOp('123', 'PAUSED')],
    });
    expect(whole.status).toBe(400);
    expect(firstError(whole.body).location.fieldPathElements[0]).toEqual({
      fieldName: 'operations',
      index: 1,
    });
    expect((await stored(brand))?.status).toBe('ENABLED');

    const partial = await post('campaigns:mutate', {
      operations: [statusOp('123', 'PAUSED'), statusOp(competitors, 'PAUSED')],
      partialFailure: true,
    });
    expect(partial.status).toBe(200);
    expect(partial.body.results).toEqual([{}, { resourceName: campaignName(competitors) }]);
    expect(partial.body.partialFailureError.details[0].errors[0].errorCode).toEqual({
      mutateError: 'RESOURCE_NOT_FOUND',
    });
    expect((await stored(competitors))?.status).toBe('PAUSED');
    expect((await stored(brand))?.status).toBe('ENABLED');
    await post('campaigns:mutate', { operations: [statusOp(competitors, 'ENABLED')] });
  });

  it('refuses budget amounts and masks Google refuses, changing nothing', async () => {
    const budgetId = budgetIds['Competitors budget'];
    const before = await storedBudget(budgetId);
    const codeOf = async (operation: unknown) => {
      const answer = await post('campaignBudgets:mutate', { operations: [operation] });
      expect(answer.status).toBe(400);
      return firstError(answer.body).errorCode;
    };
    expect(await codeOf(amountOp(budgetId, -1_000_000))).toEqual({
      campaignBudgetError: 'NEGATIVE_MONEY_AMOUNT',
    });
    expect(await codeOf(amountOp(budgetId, 5_000))).toEqual({
      campaignBudgetError: 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC',
    });
    expect(await codeOf(amountOp(budgetId, 10_005_000))).toEqual({
      campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
    });
    expect(
      await codeOf({ update: { resourceName: budgetName(budgetId) }, updateMask: 'amount_micros' }),
    ).toEqual({ fieldError: 'REQUIRED' });
    expect(await codeOf({ ...amountOp(budgetId, 10_000_000), updateMask: 'period' })).toEqual({
      fieldMaskError: 'FIELD_NOT_FOUND',
    });
    expect(await codeOf(amountOp('123', 10_000_000))).toEqual({ mutateError: 'RESOURCE_NOT_FOUND' });
    const badNumber = await post('campaignBudgets:mutate', { operations: [amountOp(budgetId, '12.5')] });
    expect(badNumber.body.error.message).toContain("Invalid value at 'operations[0].update.amount_micros'");
    expect(await storedBudget(budgetId)).toEqual(before);
  });

  it('answers magic ids with the faults Google sends', async () => {
    const throttled = await post('campaigns:mutate', {
      operations: [statusOp('sandbox_rate_limited', 'PAUSED')],
    });
    expect(throttled.status).toBe(429);
    expect(errorCodes(throttled.body)).toEqual([{ quotaError: 'RESOURCE_EXHAUSTED' }]);
    const broken = await post('campaignBudgets:mutate', {
      operations: [amountOp('sandbox_server_error', 1_000_000)],
    });
    expect(broken.status).toBe(500);
  });
});
