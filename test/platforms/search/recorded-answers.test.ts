import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../../src/tools/registry.ts';
import { TestClock } from '../../support/clock.ts';
import { RecordedPlatformService, servedAt } from '../../support/recorded-service.ts';
import { recordedSources } from '../../support/replay-platform.ts';

// The live Google Ads adapter against answers Google gave (test/platforms/search/recorded/, each file
// naming its source), replayed over HTTP: what the agent is answered for each.
describe("the live Google Ads adapter against Google's recorded answers", () => {
  const clock = new TestClock('2026-12-02T10:00:00.000Z');
  let google: RecordedPlatformService;

  beforeAll(async () => {
    google = await RecordedPlatformService.start('search', 'sqlite', { clock });
  });
  afterAll(() => google.stop());

  it('keeps a source for every recorded answer', () => {
    const sources = recordedSources('search');
    for (const answer of google.answers.values()) expect(sources).toContain(`\`${answer.file}\``);
    expect(google.answers.size).toBeGreaterThanOrEqual(8);
  });

  it('lists the campaigns of a search page, sending the developer token', async () => {
    const { status, body } = await google.call(
      'list_search_campaigns',
      {},
      { id: '5171368254' },
      google.answer('search-campaigns-page'),
    );
    expect(status).toBe(200);
    expect(body.data.structured.campaigns).toEqual([
      expect.objectContaining({
        campaign_id: '22682295812',
        name: 'Search-1',
        status: 'ACTIVE',
        platform_status: 'ENABLED',
        channel_type: 'SEARCH',
        daily_budget: '10.00',
      }),
    ]);
    const [request] = google.replay.received;
    expect(request?.path).toBe('/v26/customers/5171368254/googleAds:search');
    expect(request?.headers['developer-token']).toBe('recorded-developer-token');
    expect(request?.headers.authorization).toBe('Bearer recorded-answers-token');
    expect(JSON.parse(request?.body ?? '{}').query).toMatch(/FROM campaign/);
  });

  it('reads a PAUSED campaign whose row names no channel', async () => {
    const { status, body } = await google.call(
      'list_search_campaigns',
      {},
      { id: '6540500233' },
      google.answer('search-campaign-paused-row'),
    );
    expect(status).toBe(200);
    expect(body.data.structured.campaigns[0]).toMatchObject({
      campaign_id: '6465104612',
      status: 'PAUSED',
      daily_budget: '150.00',
    });
  });

  it('stops at once when Google repeats a page token, instead of paging 500 times', async () => {
    const { status, body } = await google.call(
      'list_search_keywords',
      {},
      { id: '1234567890' },
      google.answer('search-page-next-token'),
    );
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toContain('answered a nextPageToken it had given before');
    expect(google.replay.received).toHaveLength(2);
  });

  it('keeps the spend of report rows that name no campaign, and says so', async () => {
    const stream = google.answer('searchstream-customer-daily');
    const batches = stream.response.body as Array<{ results: Array<{ metrics: { costMicros: string } }> }>;
    const spentMicros = batches
      .flatMap((batch) => batch.results)
      .reduce((sum, row) => sum + Number(row.metrics.costMicros), 0);
    const spent = (spentMicros / 1e6).toFixed(2);
    // A searchStream batch is a googleAds:search page in shape: its customer-level rows, as the metrics query's answer.
    const rows = {
      ...servedAt(stream, 'POST', '/{version}/customers/1233213210/googleAds:search', (request) =>
        request.body.includes('metrics.'),
      ),
      response: { ...stream.response, body: batches[0] },
    };
    const names = servedAt(
      google.answer('search-campaigns-page'),
      'POST',
      '/{version}/customers/1233213210/googleAds:search',
    );
    const { status, body } = await google.call(
      'get_search_campaign_performance',
      {},
      { id: '1233213210' },
      rows,
      names,
    );
    expect(status).toBe(200);
    expect(Number(spent)).toBeGreaterThan(0);
    expect(body.data.structured.unattached).toMatchObject({ spend: spent });
    expect(body.data.structured.totals).toMatchObject({ spend: spent });
    expect(body.data.structured.campaigns[0]).toMatchObject({ campaign_id: '22682295812', spend: '0.00' });
    expect(body.data.text).toContain(`${spent} USD`);
    expect(body.data.text).toContain('campaigns not in the listing');
  });

  it("answers Google's refusals in its words, each a 400 the agent can act on", async () => {
    const refusals: Array<[string, string, Record<string, unknown>, string, string]> = [
      [
        'permission-developer-token-not-approved',
        'list_search_campaigns',
        {},
        '1234567890',
        'The developer token is only approved for use with test accounts.',
      ],
      [
        'permission-user-permission-denied',
        'list_search_campaigns',
        {},
        '2797882929',
        "User doesn't have permission to access customer.",
      ],
      [
        'query-error-unrecognized-field',
        'list_search_campaigns',
        {},
        '1234567890',
        "Unrecognized field in the query: 'metrics.video_views'.",
      ],
    ];
    for (const [answer, tool, args, customer, words] of refusals) {
      const { status, body } = await google.call(tool, args, { id: customer }, google.answer(answer));
      expect([answer, status, body.code]).toEqual([answer, 400, 'upstream_rejected']);
      expect(body.error).toContain(words);
    }
  });

  it('answers a mutate Google refuses with its words, having changed nothing', async () => {
    const campaigns = google.answer('search-campaigns-page');
    const { status, body } = await google.call(
      'update_search_campaign',
      { campaign_id: '22682295812', status: 'PAUSED' },
      { id: '5171368254' },
      campaigns,
      servedAt(
        google.answer('campaigns-mutate-field-required'),
        'POST',
        '/{version}/customers/5171368254/campaigns:mutate',
      ),
    );
    expect([status, body.code]).toEqual([400, 'upstream_rejected']);
    expect(body.error).toBe('Google Ads (search) rejected the request: The required field was not present.');
    const create = await google.call(
      'create_search_campaign',
      createArguments(),
      { id: '1248315497' },
      google.answer('googleads-mutate-resource-name-malformed'),
      servedAt(campaigns, 'POST', '/{version}/customers/1248315497/googleAds:search'),
    );
    expect([create.status, create.body.code]).toEqual([400, 'upstream_rejected']);
    expect(create.body.error).toContain("Resource name '[object Object]' is malformed");
    // Checked whole (googleAds:mutate, validateOnly) before any step: no create was sent.
    expect(google.replay.received.filter((r) => r.path.endsWith('Budgets:mutate'))).toEqual([]);
  });

  it('lowers a budget through campaignBudgets:mutate, reading the resource name Google answered', async () => {
    const { status, body } = await google.call(
      'update_search_campaign',
      { campaign_id: '22682295812', daily_budget: 8 },
      { id: '5171368254' },
      google.answer('search-campaigns-page'),
      servedAt(
        google.answer('campaignbudgets-mutate-success'),
        'POST',
        '/{version}/customers/5171368254/campaignBudgets:mutate',
      ),
    );
    expect([status, body.error]).toEqual([200, undefined]);
    expect(body.data.structured).toMatchObject({
      after: { daily_budget: '8.00' },
      changed: ['daily_budget'],
    });
    const mutate = google.replay.received.find((r) => r.path.endsWith('campaignBudgets:mutate'));
    expect(JSON.parse(mutate?.body ?? '{}').operations[0].update).toMatchObject({ amountMicros: '8000000' });
  });

  it('marks a connection expired when Google refuses its token, and says how to reconnect', async () => {
    for (const [answer, customer] of [
      ['auth-unauthenticated-invalid-token', '1112223333'],
      ['auth-not-ads-user', '1112223334'],
    ] as const) {
      const refused = servedAt(
        google.answer(answer),
        'POST',
        `/{version}/customers/${customer}/googleAds:search`,
      );
      const { status, body } = await google.call('list_search_campaigns', {}, { id: customer }, refused);
      expect([answer, status, body.code]).toEqual([answer, 400, 'connection_expired']);
      expect(body.error).toContain('/connections');
      // Marked expired: the next call is refused without asking Google.
      const again = await google.call('list_search_campaigns', {}, { id: customer }, refused);
      expect([again.body.code, google.replay.received.length]).toEqual(['connection_expired', 0]);
    }
  });

  it("holds every account back on the developer token's daily quota, for the delay Google gave", async () => {
    const first = await google.call(
      'list_search_campaigns',
      {},
      { id: '1234567890' },
      google.answer('quota-developer-daily'),
    );
    expect([first.status, first.body.code, first.headers.get('retry-after')]).toEqual([
      429,
      'upstream_rate_limited',
      '40591',
    ]);
    expect(first.body.error).toContain("rate-limiting this service's developer token");
    expect(first.body.error).toContain('until 2026-12-02 21:17 UTC');
    expect(first.body.error).toContain('Calls to other Google Ads accounts will be refused too');
    // Another account of the service: refused at once, Google not asked.
    const other = await google.call(
      'list_search_campaigns',
      {},
      { id: '5171368254' },
      google.answer('search-campaigns-page'),
    );
    expect([other.status, google.replay.received.length]).toEqual([429, 0]);
    expect(Number(other.headers.get('retry-after'))).toBeLessThanOrEqual(40591);
    // Once the wait is over, Google is asked again.
    clock.advanceSeconds(40_600);
    const later = await google.call(
      'list_search_campaigns',
      {},
      { id: '1234567890' },
      google.answer('quota-developer-daily-41732s'),
    );
    expect([later.status, later.headers.get('retry-after'), google.replay.received.length]).toEqual([
      429,
      '41732',
      1,
    ]);
  });
});

/** The documented example of create_search_campaign. */
function createArguments(): Record<string, unknown> {
  const tool = ALL_TOOLS.find((t) => t.name === 'create_search_campaign');
  return { ...(tool?.example as Record<string, unknown>) };
}
