import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import type { SandboxAdSet } from '../../../src/sandbox/social/ad-set-records.ts';
import type { SandboxCampaign } from '../../../src/sandbox/social/campaign-records.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { accessTokenOf, graph, proofOf, socialAccounts } from './support.ts';

const TODAY = '2026-11-22';
const range = (since: string, until: string) => encodeURIComponent(JSON.stringify({ since, until }));
const FIELDS = 'campaign_id,adset_id,adset_name,ad_id,impressions,clicks,spend,actions';

/** Every row of a report, following its pages. */
async function rows(service: TestService, token: string, path: string): Promise<any[]> {
  const first = await graph(service, path, token);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const out = [...first.body.data];
  let next: string | undefined = first.body.paging?.next;
  while (next) {
    const body: any = await (await fetch(next)).json();
    out.push(...body.data);
    next = body.paging?.next;
  }
  return out;
}

/** The figures of rows summed by a key: impressions, clicks, spend in micros, and link clicks. */
function totals(list: any[], key: (row: any) => string) {
  const out = new Map<string, { impressions: number; clicks: number; spend: number; links: number }>();
  for (const row of list) {
    const sum = out.get(key(row)) ?? { impressions: 0, clicks: 0, spend: 0, links: 0 };
    sum.impressions += Number(row.impressions);
    sum.clicks += Number(row.clicks);
    sum.spend += decimalToMicros(row.spend);
    sum.links += Number(row.actions?.find((a: any) => a.action_type === 'link_click')?.value ?? 0);
    out.set(key(row), sum);
  }
  return out;
}

function conversions(row: any): number {
  return Number(
    row.actions?.find((a: any) => a.action_type.includes('purchase') || a.action_type === 'lead')?.value ?? 0,
  );
}

describe.each(TEST_DIALECTS)('insights by ad set and ad on the social sandbox (%s)', (dialect) => {
  let service: TestService;
  let token: string;
  let accountId: string;
  let store: SandboxStore;
  const clock = new TestClock(`${TODAY}T10:00:00Z`);

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    const owner = await service.createOwner('free', ['social']);
    token = await accessTokenOf(service, owner);
    accountId = (await socialAccounts(service, owner))[0]?.account_id ?? '';
    store = new SandboxStore(service.services.storage.db, 'social');
  });
  afterAll(() => service.stop());

  const report = (level: string, extra = '') =>
    rows(
      service,
      token,
      `/v25.0/${accountId}/insights?level=${level}&fields=${FIELDS}&time_increment=1` +
        `&time_range=${range('2026-10-20', TODAY)}&limit=500${extra}`,
    );
  const adSetNamed = async (name: string) =>
    (await store.list<SandboxAdSet>('adset', accountId)).find((a) => a.data.name === name);

  it('splits each campaign day among its ad sets, and each ad set day among its ads, exactly', async () => {
    const campaigns = await report('campaign');
    const adSets = await report('adset');
    const ads = await report('ad');
    expect(adSets.length).toBeGreaterThan(campaigns.length);
    expect(ads.length).toBeGreaterThan(adSets.length);
    const byCampaignDay = (row: any) => `${row.campaign_id}:${row.date_start}`;
    expect(totals(adSets, byCampaignDay)).toEqual(totals(campaigns, byCampaignDay));
    const byAdSetDay = (row: any) => `${row.adset_id}:${row.date_start}`;
    expect(totals(ads, byAdSetDay)).toEqual(totals(adSets, byAdSetDay));
    expect(adSets[0]).toMatchObject({
      adset_id: expect.stringMatching(/^\d+$/),
      adset_name: expect.any(String),
    });
    // The ad paused on its own delivers nothing: it has no row.
    const paused = (await store.list<any>('ad', accountId)).find(
      (a) => a.data.name === 'Single image: old promo',
    );
    expect(ads.some((row) => row.ad_id === paused?.id)).toBe(false);
  });

  it('gives the ad sets of a campaign different costs per conversion, the broad one the worst', async () => {
    const prospecting = (await store.list<SandboxCampaign>('campaign', accountId)).find(
      (c) => c.data.name === 'Always-on prospecting',
    );
    const whole = await rows(
      service,
      token,
      `/v25.0/${accountId}/insights?level=adset&fields=adset_name,spend,actions&time_range=${range('2026-10-01', '2026-11-21')}` +
        `&filtering=${encodeURIComponent(JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [prospecting?.id] }]))}`,
    );
    const cost: Record<string, number> = Object.fromEntries(
      whole.map((row) => [row.adset_name, decimalToMicros(row.spend) / conversions(row)]),
    );
    expect(Object.keys(cost).sort()).toEqual([
      'Broad: 18-65+',
      'Interests: home & design',
      'Interests: outdoor living',
      'Lookalike 1%: purchasers',
    ]);
    const worst = Object.entries(cost).sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(worst).toBe('Broad: 18-65+');
    expect(cost['Broad: 18-65+']).toBeGreaterThan(2 * (cost['Lookalike 1%: purchasers'] ?? 0));
  });

  it('stops a paused ad set accruing from the instant of its pause; its campaign goes on, the sums hold', async () => {
    const broad = await adSetNamed('Broad: 18-65+');
    const today = (level: string, extra = '') =>
      rows(
        service,
        token,
        `/v25.0/${accountId}/insights?level=${level}&fields=${FIELDS}&time_range=${range(TODAY, TODAY)}${extra}`,
      );
    const only = `&filtering=${encodeURIComponent(JSON.stringify([{ field: 'adset.id', operator: 'IN', value: [broad?.id] }]))}`;
    const [morning] = await today('adset', only);
    expect(Number(morning.impressions)).toBeGreaterThan(0);
    const url = new URL(`${service.url}/sandbox/social/v25.0/${broad?.id}`);
    url.searchParams.set('appsecret_proof', proofOf(token));
    const paused = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'PAUSED' }),
    });
    expect(paused.status).toBe(200);
    const campaignBefore = totals(await today('campaign'), (r) => r.campaign_id).get(
      broad?.data.campaign_id ?? '',
    );
    clock.advanceSeconds(4 * 3600);
    const [afternoon] = await today('adset', only);
    expect(afternoon).toMatchObject({ impressions: morning.impressions, spend: morning.spend });
    const campaignAfter = totals(await today('campaign'), (r) => r.campaign_id).get(
      broad?.data.campaign_id ?? '',
    );
    expect(campaignAfter?.spend).toBeGreaterThan(campaignBefore?.spend ?? 0);
    const byCampaign = (row: any) => row.campaign_id;
    expect(totals(await today('adset'), byCampaign)).toEqual(totals(await today('campaign'), byCampaign));
    const node = await graph(service, `/v25.0/${broad?.id}?fields=status,effective_status`, token);
    expect(node.body).toMatchObject({ status: 'PAUSED', effective_status: 'PAUSED' });
  });

  it('refuses a filter the sandbox does not apply, in the words it uses for any', async () => {
    const answer = await graph(
      service,
      `/v25.0/${accountId}/insights?level=ad&filtering=${encodeURIComponent(JSON.stringify([{ field: 'ad.name', operator: 'CONTAIN', value: 'x' }]))}`,
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.error_user_msg).toContain('adset.id (IN, NOT_IN, EQUAL, NOT_EQUAL)');
  });
});
