import { decimalToMicros } from '../../money.ts';
import { protocolError } from '../answer-shape.ts';
import type { CampaignPerformanceRow, PerformanceAnswer, PerformanceQuery } from '../performance.ts';
import type { NetworkAnalyticsElement, NetworkCampaign, NetworkCreative } from './answers.ts';
import { type AnalyticsRequest, chunks, type NetworkClient } from './client.ts';
import { idOf, urn } from './urns.ts';

/**
 * LinkedIn answers at most this many adAnalytics elements per call and drops the rest without saying
 * so; the finder has no paging. A question that could reach it is asked in smaller slices of days.
 */
export const MAX_ANALYTICS_ELEMENTS = 15_000;
/** Campaign URNs per analytics call when the report is about some campaigns, not the whole account. */
const CAMPAIGNS_PER_CALL = 20;
const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function dayCount(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
}

/** The period cut into consecutive slices of at most `days` days. */
function slices(start: string, end: string, days: number): Array<{ start: string; end: string }> {
  const out: Array<{ start: string; end: string }> = [];
  for (let from = start; from <= end; from = addDays(from, days)) {
    const to = addDays(from, days - 1);
    out.push({ start: from, end: to < end ? to : end });
  }
  return out;
}

function dateOf(day: { year: number; month: number; day: number }): string {
  return `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

/**
 * What an element cost in the account's currency: `costInLocalCurrency`, else `costInUsd` for an
 * account in USD. An account in another currency answered in USD alone cannot be told in its own.
 */
function costOf(element: NetworkAnalyticsElement, currency: string): number {
  const local = element.costInLocalCurrency ?? (currency === 'USD' ? element.costInUsd : undefined);
  if (local !== undefined) return decimalToMicros(String(local));
  if (element.costInUsd !== undefined && Number(element.costInUsd) !== 0)
    throw protocolError('network', `answered costs in USD only (costInUsd) for an account in ${currency}`);
  return 0;
}

/**
 * An element's row: about the campaign it names, or, pivoted by creative, the creative and its campaign
 * (none, '', for a creative the finders do not list: its row is kept, and said apart by the report).
 */
function rowOf(
  element: NetworkAnalyticsElement,
  byDay: boolean,
  campaignOfCreative: Map<string, string> | undefined,
  currency: string,
): CampaignPerformanceRow {
  const pivot = idOf(element.pivotValues[0] ?? '');
  const campaignId = campaignOfCreative ? (campaignOfCreative.get(pivot) ?? '') : pivot;
  return {
    campaignId,
    ...(campaignOfCreative && { adId: pivot }),
    ...(byDay && { date: dateOf(element.dateRange.start) }),
    metrics: {
      impressions: element.impressions ?? 0,
      clicks: element.clicks ?? 0,
      spendMicros: costOf(element, currency),
      conversions: element.externalWebsiteConversions ?? 0,
    },
  };
}

/**
 * The elements of one adAnalytics question, all of them: when an answer is full (LinkedIn may have cut
 * it) the question is asked again in two halves of the period, so no day is lost.
 */
export async function readAnalytics(
  client: NetworkClient,
  question: AnalyticsRequest,
): Promise<NetworkAnalyticsElement[]> {
  const elements = await client.analytics(question);
  const days = dayCount(question.start, question.end);
  if (elements.length < MAX_ANALYTICS_ELEMENTS || question.granularity === 'ALL' || days === 1)
    return elements;
  const half = addDays(question.start, Math.floor(days / 2) - 1);
  return [
    ...(await readAnalytics(client, { ...question, end: half })),
    ...(await readAnalytics(client, { ...question, start: addDays(half, 1) })),
  ];
}

/**
 * The campaigns' performance from LinkedIn's adAnalytics finder, pivoted by campaign, or at level `ad` by
 * creative (LinkedIn has no level between campaign and creative, nor a device pivot: the tool refuses
 * those): by day (`timeGranularity=DAILY`) or for the period (`ALL`), impressions, clicks,
 * `costInLocalCurrency` (the account's currency) and `externalWebsiteConversions`. The whole account is
 * asked by its account facet; given campaigns by the campaigns facet, a few at a time. A daily question
 * is sliced so that objects times days stays under LinkedIn's 15,000 elements. Days LinkedIn reports
 * nothing for are absent. Each campaign comes with its status and daily budget, each creative with its
 * name, intended status and campaign, from the campaigns and creatives finders.
 */
export async function readCampaignPerformance(
  client: NetworkClient,
  query: PerformanceQuery,
  currency: string,
): Promise<PerformanceAnswer> {
  const campaigns: NetworkCampaign[] = query.campaignIds
    ? await client.campaignsByIds(query.campaignIds.map(idOf))
    : await client.campaigns();
  const known = new Map(campaigns.map((campaign) => [String(campaign.id), campaign]));
  const byCreative = query.level === 'ad';
  const creatives: NetworkCreative[] =
    byCreative && known.size > 0
      ? await client.creatives(query.campaignIds ? { campaignIds: [...known.keys()] } : {})
      : [];
  // A creative of a campaign the report does not cover (or of none) has no row.
  const campaignOfCreative = byCreative
    ? new Map(
        creatives.flatMap((creative) => {
          const campaignId = creative.campaign ? idOf(creative.campaign) : '';
          return known.has(campaignId) ? [[idOf(creative.id), campaignId] as const] : [];
        }),
      )
    : undefined;
  const facets: Array<{ facet: AnalyticsRequest['facet']; ids: string[] }> = query.campaignIds
    ? chunks([...known.keys()], CAMPAIGNS_PER_CALL).map((ids) => ({
        facet: { campaigns: ids.map(urn.campaign) },
        ids,
      }))
    : [{ facet: { accounts: [urn.account(client.session.account.account_id)] }, ids: [...known.keys()] }];
  const rows: CampaignPerformanceRow[] = [];
  if (known.size > 0) {
    const granularity = query.byDay ? 'DAILY' : 'ALL';
    const pivot = byCreative ? 'CREATIVE' : 'CAMPAIGN';
    for (const { facet, ids } of facets) {
      // The elements a day can hold: one per campaign, or one per creative of those campaigns.
      const size = campaignOfCreative
        ? [...campaignOfCreative.values()].filter((campaignId) => ids.includes(campaignId)).length
        : ids.length;
      const days = query.byDay ? Math.max(1, Math.floor(MAX_ANALYTICS_ELEMENTS / Math.max(1, size))) : 0;
      const periods = query.byDay ? slices(query.start, query.end, days) : [query];
      for (const period of periods) {
        const question = { facet, pivot, start: period.start, end: period.end, granularity } as const;
        for (const element of await readAnalytics(client, question)) {
          // The account facet also reports objects the finders no longer list (deleted ones): their rows
          // are kept, and the report says their sums apart.
          rows.push(rowOf(element, query.byDay, campaignOfCreative, currency));
        }
      }
    }
  }
  const reported = new Set(rows.map((row) => row.adId));
  return {
    currency,
    campaigns: [...known].map(([id, campaign]) => ({
      id,
      name: campaign.name ?? '',
      platformStatus: campaign.status,
      dailyBudgetMicros: campaign.dailyBudget ? decimalToMicros(campaign.dailyBudget.amount) : null,
    })),
    ...(campaignOfCreative && {
      ads: creatives
        .filter((creative) => reported.has(idOf(creative.id)))
        .map((creative) => ({
          id: idOf(creative.id),
          name: creative.name ?? '',
          platformStatus: creative.intendedStatus,
          campaignId: campaignOfCreative.get(idOf(creative.id)) ?? '',
        })),
    }),
    rows,
  };
}
