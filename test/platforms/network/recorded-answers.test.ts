import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../support/clock.ts';
import { RecordedPlatformService, servedAt } from '../../support/recorded-service.ts';
import { type RecordedAnswer, recordedSources } from '../../support/replay-platform.ts';

// The live LinkedIn adapter against answers LinkedIn gave (test/platforms/network/recorded/, each file
// naming its source), replayed over HTTP: what the agent is answered for each.
describe("the live LinkedIn adapter against LinkedIn's recorded answers", () => {
  const clock = new TestClock('2026-12-02T10:00:00.000Z');
  let linkedin: RecordedPlatformService;

  beforeAll(async () => {
    linkedin = await RecordedPlatformService.start('network', 'sqlite', { clock });
  });
  afterAll(() => linkedin.stop());

  /**
   * The documented campaign as the one element of a campaign search page of the account (an edit the
   * tests make: no search page was found recorded), and the recorded pages of campaign groups and creatives.
   */
  function campaignPage(account: string): RecordedAnswer[] {
    const campaign = linkedin.answer('campaign-get');
    return [
      {
        ...servedAt(campaign, 'GET', `/rest/adAccounts/${account}/adCampaigns`),
        response: { ...campaign.response, body: { elements: [campaign.response.body], metadata: {} } },
      },
      servedAt(
        linkedin.answer('campaign-groups-search-page'),
        'GET',
        `/rest/adAccounts/${account}/adCampaignGroups`,
      ),
      servedAt(linkedin.answer('creatives-search-page'), 'GET', `/rest/adAccounts/${account}/creatives`),
    ];
  }

  /** A recorded refusal, as LinkedIn's answer to the campaign search of the account. */
  const atCampaigns = (name: string, account: string) =>
    servedAt(linkedin.answer(name), 'GET', `/rest/adAccounts/${account}/adCampaigns`);

  it('keeps a source for every recorded answer', () => {
    const sources = recordedSources('network');
    for (const answer of linkedin.answers.values()) expect(sources).toContain(`\`${answer.file}\``);
    expect(linkedin.answers.size).toBeGreaterThanOrEqual(8);
  });

  it('lists a campaign as LinkedIn documents it, sending the version headers', async () => {
    const { status, body } = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '506289162' },
      ...campaignPage('506289162'),
    );
    expect([status, body.error]).toEqual([200, undefined]);
    expect(body.data.structured.campaigns[0]).toMatchObject({
      campaign_id: '141049524',
      name: 'Campaign Sponsored update B',
      status: 'ACTIVE',
      daily_budget: '1800.00',
    });
    const [request] = linkedin.replay.received;
    expect(request?.headers['linkedin-version']).toBe(
      linkedin.service.services.config.platforms.settings.network.apiVersion,
    );
    expect(request?.headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it('lists creatives with the next page token LinkedIn gave', async () => {
    const { status, body } = await linkedin.call(
      'list_network_creatives',
      {},
      { id: '520866471' },
      linkedin.answer('creatives-search-page'),
    );
    expect(status).toBe(200);
    expect(body.data.structured.creatives[0]).toMatchObject({
      creative_id: '119962155',
      campaign_id: '360035215',
      status: 'PAUSED',
      platform_status: 'DRAFT',
    });
    expect(body.data.structured.next_cursor).toEqual(expect.any(String));
  });

  it('lists no company page for a member whose only role is not an advertising one, and says how to fix it', async () => {
    const { status, body } = await linkedin.call(
      'list_network_organizations',
      {},
      { id: '520866471' },
      linkedin.answer('organization-acls-role-assignee'),
    );
    expect(status).toBe(200);
    expect(body.data.structured.organizations).toEqual([]);
    expect(body.data.text).toContain('Sponsored Content Poster role');
    // A revoked role counts for nothing either.
    const mixed = await linkedin.call(
      'list_network_organizations',
      {},
      { id: '520866471' },
      linkedin.answer('organization-acls-mixed-states'),
    );
    expect(mixed.body.data.structured.organizations).toEqual([]);
    expect(linkedin.replay.received[0]?.query.get('state')).toBe('APPROVED');
  });

  it('keeps the spend of analytics pivots that name no listed campaign, in the account currency', async () => {
    const analytics = linkedin.answer('ad-analytics-daily-cost-local-currency');
    const { status, body } = await linkedin.call(
      'get_network_campaign_performance',
      {},
      { id: '502840441' },
      ...campaignPage('502840441'),
      analytics,
    );
    expect([status, body.error]).toEqual([200, undefined]);
    // Its pivots are company pages: nothing can be attached to a campaign, and nothing is dropped.
    expect(body.data.structured.unattached).toMatchObject({ spend: '19.92', impressions: 171, clicks: 0 });
    expect(body.data.structured.totals).toMatchObject({ spend: '19.92' });
    expect(body.data.text).toContain('19.92 USD (171 impressions, 0 clicks) on campaigns not in the listing');
    const asked = linkedin.replay.received.find((r) => r.path === '/rest/adAnalytics');
    expect(asked?.query.get('fields')).toContain('costInLocalCurrency');
  });

  it('takes costInUsd as the spend of an account in USD when LinkedIn gives no local cost', async () => {
    const analytics = linkedin.answer('ad-analytics-daily-cost-local-currency');
    const elements = (analytics.response.body as { elements: Array<Record<string, unknown>> }).elements;
    // The recorded answer with its cost field renamed: a costInUsd-only answer (none was found recorded).
    const inUsd = {
      ...analytics,
      response: {
        ...analytics.response,
        body: {
          elements: elements.map(({ costInLocalCurrency, ...rest }) => ({
            ...rest,
            costInUsd: costInLocalCurrency,
          })),
        },
      },
    };
    const usd = await linkedin.call(
      'get_network_campaign_performance',
      {},
      { id: '502840441' },
      ...campaignPage('502840441'),
      inUsd,
    );
    expect(usd.body.data.structured.totals).toMatchObject({ spend: '19.92' });
    const euro = await linkedin.call(
      'get_network_campaign_performance',
      {},
      { id: '502840442', currency: 'EUR' },
      ...campaignPage('502840442'),
      inUsd,
    );
    expect([euro.status, euro.body.code]).toEqual([500, 'upstream_error']);
    expect(euro.body.error).toContain('answered costs in USD only (costInUsd) for an account in EUR');
  });

  it('keeps the clicks of a creative pivot with no cost asked', async () => {
    const { body } = await linkedin.call(
      'get_network_campaign_performance',
      {},
      { id: '502840441' },
      ...campaignPage('502840441'),
      linkedin.answer('ad-analytics-creative-all-default-fields'),
    );
    expect(body.data.structured.unattached).toMatchObject({ impressions: 54494, clicks: 177, spend: '0.00' });
  });

  it("answers LinkedIn's refusals in its words", async () => {
    const refusals: Array<[string, string]> = [
      ['bad-request-account-id-type-400', "Key value 'Reed%20Lnkedin' must be of type 'java.lang.Long'"],
      ['bad-request-creatives-path-400', 'All api calls to creative endpoints have been modified'],
      ['bad-request-input-errors-400', 'Multiple errors occurred during the input validation'],
      ['campaigns-search-too-many-entities-400', 'Request would return too many entities.'],
      ['forbidden-posts-403', 'Not enough permissions to access: POST /posts'],
      ['forbidden-access-denied-403', 'Not enough permissions to access: userinfo.GET.NO_VERSION'],
      ['not-found-404', 'No virtual resource found'],
    ];
    for (const [answer, words] of refusals) {
      const { status, body } = await linkedin.call(
        'list_network_campaigns',
        {},
        { id: '506289162' },
        atCampaigns(answer, '506289162'),
      );
      expect([answer, status, body.code]).toEqual([answer, 400, 'upstream_rejected']);
      expect(body.error).toContain(words);
    }
  });

  it('names the field of a validation error LinkedIn details', async () => {
    const { body } = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '506289162' },
      atCampaigns('bad-request-input-errors-400', '506289162'),
    );
    const details = (
      linkedin.answer('bad-request-input-errors-400').response.body as {
        errorDetails: { inputErrors: Array<{ input: { inputPath: { fieldPath: string } } }> };
      }
    ).errorDetails.inputErrors;
    expect(body.error).toContain(details[0]?.input.inputPath.fieldPath);
  });

  it('marks a connection expired when LinkedIn refuses or revokes its token', async () => {
    for (const [answer, account] of [
      ['token-revoked-401', '600000001'],
      ['token-invalid-401', '600000002'],
      ['token-empty-401', '600000003'],
    ] as const) {
      const { status, body } = await linkedin.call(
        'list_network_campaigns',
        {},
        { id: account },
        atCampaigns(answer, account),
      );
      expect([answer, status, body.code]).toEqual([answer, 400, 'connection_expired']);
    }
  });

  it('tells the operator when LinkedIn no longer serves the configured version (426)', async () => {
    for (const answer of ['version-nonexistent-426', 'version-nonexistent-426-ad-accounts-202309']) {
      const { status, body } = await linkedin.call(
        'list_network_campaigns',
        {},
        { id: '506289162' },
        atCampaigns(answer, '506289162'),
      );
      expect([answer, status, body.code]).toEqual([answer, 500, 'upstream_error']);
      expect(body.error).toMatch(/Requested version \d+ is not active/);
    }
  });

  it('answers a throttle that names no window with the default wait, holding nothing back', async () => {
    const { status, body, headers } = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '506289162' },
      atCampaigns('throttle-resource-level-429', '506289162'),
    );
    expect([status, headers.get('retry-after')]).toEqual([429, '60']);
    expect(body.error).toContain(
      'this ad account: wait 60 seconds, a guess since it did not say for how long',
    );
    const next = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '506289162' },
      ...campaignPage('506289162'),
    );
    expect(next.status).toBe(200);
  });

  it("holds back the member's connection until midnight UTC on a day limit, and no other connection", async () => {
    const { status, body, headers } = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '700000001' },
      atCampaigns('throttle-application-and-member-day-429', '700000001'),
    );
    // 10:00 UTC: 14 hours to LinkedIn's reset.
    expect([status, headers.get('retry-after')]).toEqual([429, String(14 * 3600)]);
    expect(body.error).toContain('the user whose connection this account is under');
    expect(body.error).toContain('until 2026-12-03 00:00 UTC');
    const held = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '700000001' },
      ...campaignPage('700000001'),
    );
    expect([held.status, linkedin.replay.received.length]).toEqual([429, 0]);
    const other = await linkedin.call(
      'list_network_campaigns',
      {},
      { id: '506289162' },
      ...campaignPage('506289162'),
    );
    expect(other.status).toBe(200);
  });
});
