import { decimalToMicros } from '../../money.ts';
import type { CampaignPerformanceRow, PerformanceAnswer, PerformanceQuery } from '../performance.ts';
import type { NetworkAnalyticsElement, NetworkCampaign } from './answers.ts';
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

function rowOf(element: NetworkAnalyticsElement, byDay: boolean): CampaignPerformanceRow {
  const cost = element.costInLocalCurrency;
  return {
    campaignId: idOf(element.pivotValues[0] ?? ''),
    ...(byDay && { date: dateOf(element.dateRange.start) }),
    metrics: {
      impressions: element.impressions ?? 0,
      clicks: element.clicks ?? 0,
      spendMicros: cost === undefined ? 0 : decimalToMicros(String(cost)),
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
 * The campaigns' performance from LinkedIn's adAnalytics finder, pivoted by campaign: by day
 * (`timeGranularity=DAILY`) or for the period (`ALL`), impressions, clicks, `costInLocalCurrency` (the
 * account's currency) and `externalWebsiteConversions`. The whole account is asked by its account facet;
 * given campaigns by the campaigns facet, a few at a time. A daily question is sliced so that campaigns
 * times days stays under LinkedIn's 15,000 elements. Days LinkedIn reports nothing for are absent.
 */
export async function readCampaignPerformance(
  client: NetworkClient,
  query: PerformanceQuery,
  currency: string,
): Promise<PerformanceAnswer> {
  const campaigns: NetworkCampaign[] = query.campaignIds
    ? await client.campaignsByIds(query.campaignIds.map(idOf))
    : await client.campaigns();
  const known = new Map(campaigns.map((campaign) => [String(campaign.id), campaign.name ?? '']));
  const facets: Array<{ facet: AnalyticsRequest['facet']; size: number }> = query.campaignIds
    ? chunks([...known.keys()], CAMPAIGNS_PER_CALL).map((ids) => ({
        facet: { campaigns: ids.map(urn.campaign) },
        size: ids.length,
      }))
    : [{ facet: { accounts: [urn.account(client.session.account.account_id)] }, size: known.size }];
  const rows: CampaignPerformanceRow[] = [];
  if (known.size > 0) {
    const granularity = query.byDay ? 'DAILY' : 'ALL';
    for (const { facet, size } of facets) {
      const days = query.byDay ? Math.max(1, Math.floor(MAX_ANALYTICS_ELEMENTS / Math.max(1, size))) : 0;
      const periods = query.byDay ? slices(query.start, query.end, days) : [query];
      for (const period of periods) {
        const question = { facet, start: period.start, end: period.end, granularity } as const;
        for (const element of await readAnalytics(client, question)) {
          const row = rowOf(element, query.byDay);
          // The account facet also reports campaigns the search no longer lists (deleted ones).
          if (known.has(row.campaignId)) rows.push(row);
        }
      }
    }
  }
  return {
    currency,
    campaigns: [...known].map(([id, name]) => ({ id, name })),
    rows,
  };
}
