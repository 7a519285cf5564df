import { formatMicros } from '../../money.ts';
import type { ActivityEntry } from '../activity.ts';
import { daysBetween } from '../daily-metrics.ts';
import type { StoredObject } from '../store.ts';
import type { SandboxAd, SandboxAdSet } from './ad-set-records.ts';
import { effectiveStatus, type SandboxCampaign } from './campaign-records.ts';
import { shiftDays } from './date-presets.ts';
import { deviceParts } from './insights-breakdowns.ts';
import type { InsightsFilter, InsightsRequest } from './insights-parameters.ts';
import { adDays, addFacts as add, adSetDays, type DayFacts, dayFacts, NOTHING } from './insights-split.ts';

/**
 * The action types a campaign's conversions are reported under, by objective: the specific type first
 * (pixel purchases, on-Facebook lead forms, pixel leads), then Meta's roll-ups that count the same
 * conversions again (`purchase`, `omni_purchase`, `lead`), as Meta's `actions` lists both.
 */
const CONVERSION_ACTIONS: Record<string, string[]> = {
  OUTCOME_SALES: ['offsite_conversion.fb_pixel_purchase', 'purchase', 'omni_purchase'],
  OUTCOME_LEADS: ['onsite_conversion.lead_grouped', 'lead'],
};
const OTHER_CONVERSION_ACTIONS = ['offsite_conversion.fb_pixel_lead', 'lead'];

/** A money amount as Meta writes it in insights: a decimal string without trailing zeros (`"12.5"`). */
function moneyString(micros: number, currency: string): string {
  return trimZeros(formatMicros(micros, currency));
}

/** A rate with six decimals at most (`"1.234568"`), as Meta writes ctr, cpc, cpm and frequency. */
function rateString(value: number): string {
  return trimZeros(value.toFixed(6));
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Rows of a period: whole days from `since`, or calendar months, or the whole range; never after today. */
function buckets(
  request: InsightsRequest,
  today: string,
): Array<{ start: string; stop: string; days: string[] }> {
  const { since, until, increment } = request;
  const last = until < today ? until : today;
  const days = since <= last ? daysBetween(since, last) : [];
  if (increment === 'all_days') return [{ start: since, stop: until, days }];
  const out: Array<{ start: string; stop: string; days: string[] }> = [];
  for (const day of days) {
    const current = out.at(-1);
    const startsNew =
      !current ||
      (increment === 'monthly'
        ? day.slice(0, 7) !== current.start.slice(0, 7)
        : current.days.length >= increment);
    if (startsNew) {
      const stop =
        increment === 'monthly'
          ? shiftDays(`${shiftDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1)
          : shiftDays(day, increment - 1);
      out.push({ start: day, stop: stop < until ? stop : until, days: [day] });
    } else current.days.push(day);
  }
  return out;
}

function matches(campaign: StoredObject<SandboxCampaign>, filter: InsightsFilter): boolean {
  if (!filter.field.startsWith('campaign.')) return true;
  const value =
    filter.field === 'campaign.id'
      ? campaign.id
      : filter.field === 'campaign.name'
        ? campaign.data.name
        : effectiveStatus(campaign.data);
  switch (filter.operator) {
    case 'IN':
    case 'EQUAL':
      return filter.values.includes(value);
    case 'NOT_IN':
    case 'NOT_EQUAL':
      return !filter.values.includes(value);
    case 'CONTAIN':
      return filter.values.some((v) => value.toLowerCase().includes(v.toLowerCase()));
    default:
      return !filter.values.some((v) => value.toLowerCase().includes(v.toLowerCase()));
  }
}

/**
 * The campaigns a campaign-level report covers: those the filters keep, deleted ones only when a
 * `campaign.effective_status` filter asks for them (Meta: `act_{id}/insights` does not return stats of
 * deleted objects otherwise). An account-level report counts every campaign, deleted ones included.
 */
export function reportedCampaigns(
  request: InsightsRequest,
  campaigns: Array<StoredObject<SandboxCampaign>>,
): Array<StoredObject<SandboxCampaign>> {
  const asksDeleted = request.filters.some(
    (f) => f.field === 'campaign.effective_status' && f.operator === 'IN' && f.values.includes('DELETED'),
  );
  return campaigns.filter(
    (campaign) =>
      (request.level === 'account' || asksDeleted || effectiveStatus(campaign.data) !== 'DELETED') &&
      request.filters.every((filter) => matches(campaign, filter)),
  );
}

export interface ReportInput {
  request: InsightsRequest;
  account: { id: string; name: string; currency: string };
  campaigns: Array<StoredObject<SandboxCampaign>>;
  /** The account's ad sets and ads: what reports at level adset and ad split each campaign's days among. */
  adSets: Array<StoredObject<SandboxAdSet>>;
  ads: Array<StoredObject<SandboxAd>>;
  histories: Map<string, ActivityEntry[]>;
  /** The time of the request: no day after its own has data yet, and its own accrues up to it. */
  now: Date;
}

export interface InsightsRow {
  /** What a paging cursor points at. */
  key: string;
  values: Record<string, unknown>;
}

/**
 * The report's rows, each an AdsInsights object with Meta's shapes: every number a string, money in the
 * account currency's units (`spend`), `actions` as `{action_type, value}` (left out when none), and
 * `date_start`/`date_stop` on every row. A campaign (or the account) without delivery in a row's days
 * has no row, as Meta leaves those out; a row's days sum exactly into a longer row's. By device_platform,
 * each row is split among the devices so that they add up exactly to it (a device without delivery in
 * the row has none).
 */
export function insightsRows(input: ReportInput): InsightsRow[] {
  const { request, account, now } = input;
  const campaigns = reportedCampaigns(request, input.campaigns);
  const rows: InsightsRow[] = [];
  for (const bucket of buckets(request, now.toISOString().slice(0, 10))) {
    for (const group of reportGroups(input, campaigns, bucket.days)) {
      const parts = request.breakdowns.includes('device_platform')
        ? deviceParts(group.facts, group.id, account.currency).map(({ device, facts }) => ({
            facts,
            breakdown: { device_platform: device },
            key: `:${device}`,
          }))
        : [{ facts: group.facts, breakdown: {}, key: '' }];
      for (const part of parts) {
        const sum = part.facts;
        if (sum.impressions === 0 && sum.spendMicros === 0) continue;
        const values = rowValues(sum, account, group.campaign, bucket.days.length);
        rows.push({
          key: `${group.id}:${bucket.start}${part.key}`,
          values: {
            ...values,
            ...group.names,
            ...part.breakdown,
            date_start: bucket.start,
            date_stop: bucket.stop,
          },
        });
      }
    }
  }
  return rows;
}

interface ReportGroup {
  id: string;
  campaign: StoredObject<SandboxCampaign> | undefined;
  /** The row's own ids and names below the campaign (adset_id, ad_name…). */
  names: Record<string, string>;
  facts: DayFacts;
}

/** Whether an ad set or ad passes the `adset.id` and `ad.id` filters. */
function keeps(field: 'adset.id' | 'ad.id', id: string, filters: InsightsFilter[]): boolean {
  return filters
    .filter((filter) => filter.field === field)
    .every((filter) =>
      ['IN', 'EQUAL'].includes(filter.operator) ? filter.values.includes(id) : !filter.values.includes(id),
    );
}

/**
 * The rows of a bucket of days before they are written: one per campaign (or the account), or per ad set
 * or ad, whose days are their campaign's split among them (insights-split.ts), so every level sums to
 * the campaign's figures.
 */
function reportGroups(
  input: ReportInput,
  campaigns: Array<StoredObject<SandboxCampaign>>,
  days: string[],
): ReportGroup[] {
  const { request, account, now, histories } = input;
  const campaignDay = (campaign: StoredObject<SandboxCampaign>, day: string) =>
    dayFacts(campaign.id, day, histories.get(campaign.id) ?? [], account.currency, now);
  if (request.level === 'account' || request.level === 'campaign') {
    const facts = campaigns.map((campaign) =>
      days.reduce((sum, day) => add(sum, campaignDay(campaign, day)), NOTHING),
    );
    if (request.level === 'account') {
      return [{ id: account.id, campaign: undefined, names: {}, facts: facts.reduce(add, NOTHING) }];
    }
    return campaigns.map((campaign, index) => ({
      id: campaign.id,
      campaign,
      names: {},
      facts: facts[index] ?? NOTHING,
    }));
  }
  const groups: ReportGroup[] = [];
  for (const campaign of campaigns) {
    const adSets = input.adSets.filter((adSet) => adSet.data.campaign_id === campaign.id);
    const totals = adSets.map(() => NOTHING);
    for (const day of days) {
      const split = adSetDays(
        campaign.id,
        day,
        histories.get(campaign.id) ?? [],
        adSets,
        histories,
        account.currency,
        now,
      );
      split.forEach((facts, index) => {
        totals[index] = add(totals[index] ?? NOTHING, facts);
      });
    }
    for (const [index, adSet] of adSets.entries()) {
      if (!keeps('adset.id', adSet.id, request.filters)) continue;
      const names = { adset_id: adSet.id, adset_name: adSet.data.name };
      const facts = totals[index] ?? NOTHING;
      if (request.level === 'adset') {
        groups.push({ id: adSet.id, campaign, names, facts });
        continue;
      }
      const ads = input.ads.filter((ad) => ad.data.adset_id === adSet.id);
      adDays(facts, ads, account.currency).forEach((adFacts, adIndex) => {
        const ad = ads[adIndex];
        if (!ad || !keeps('ad.id', ad.id, request.filters)) return;
        groups.push({
          id: ad.id,
          campaign,
          names: { ...names, ad_id: ad.id, ad_name: ad.data.name },
          facts: adFacts,
        });
      });
    }
  }
  return groups;
}

function rowValues(
  sum: DayFacts,
  account: { id: string; name: string; currency: string },
  campaign: StoredObject<SandboxCampaign> | undefined,
  days: number,
): Record<string, unknown> {
  const conversionTypes = campaign
    ? (CONVERSION_ACTIONS[campaign.data.objective] ?? OTHER_CONVERSION_ACTIONS)
    : OTHER_CONVERSION_ACTIONS;
  const counts: Array<[string, number]> = [
    ['link_click', sum.linkClicks],
    ['landing_page_view', sum.landingPageViews],
    ['post_engagement', sum.engagements],
    ['page_engagement', sum.engagements],
    ...conversionTypes.map((type): [string, number] => [type, sum.conversions]),
  ];
  const actions = counts
    .filter(([, value]) => value > 0)
    .map(([action_type, value]) => ({ action_type, value: String(value) }));
  // People see an ad more than once over longer rows: reach grows slower than impressions.
  const frequency = Math.min(3, 1.15 + 0.04 * (days - 1));
  const reach = Math.round(sum.impressions / frequency);
  const currency = account.currency;
  return {
    account_id: account.id.replace(/^act_/, ''),
    account_name: account.name,
    account_currency: currency,
    campaign_id: campaign?.id,
    campaign_name: campaign?.data.name,
    objective: campaign?.data.objective,
    buying_type: campaign?.data.buying_type,
    impressions: String(sum.impressions),
    clicks: String(sum.clicks),
    inline_link_clicks: String(sum.linkClicks),
    spend: moneyString(sum.spendMicros, currency),
    reach: String(reach),
    frequency: rateString(reach > 0 ? sum.impressions / reach : 0),
    ctr: rateString(sum.impressions > 0 ? (sum.clicks * 100) / sum.impressions : 0),
    cpc: sum.clicks > 0 ? rateString(sum.spendMicros / sum.clicks / 1_000_000) : undefined,
    cpm: sum.impressions > 0 ? rateString((sum.spendMicros * 1000) / sum.impressions / 1_000_000) : undefined,
    actions: actions.length > 0 ? actions : undefined,
    cost_per_action_type:
      actions.length > 0
        ? actions.map(({ action_type, value }) => ({
            action_type,
            value: rateString(sum.spendMicros / Number(value) / 1_000_000),
          }))
        : undefined,
  };
}
