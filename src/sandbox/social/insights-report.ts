import { formatMicros } from '../../money.ts';
import type { ActivityEntry } from '../activity.ts';
import { dailyMetrics, daysBetween } from '../daily-metrics.ts';
import type { StoredObject } from '../store.ts';
import { effectiveStatus, type SandboxCampaign } from './campaign-records.ts';
import { shiftDays } from './date-presets.ts';
import type { InsightsFilter, InsightsRequest } from './insights-parameters.ts';

/** What a campaign did on one day, every count an integer, so any bucket of days sums exactly. */
interface DayFacts {
  impressions: number;
  clicks: number;
  spendMicros: number;
  conversions: number;
  linkClicks: number;
  landingPageViews: number;
  engagements: number;
}

const NOTHING: DayFacts = {
  impressions: 0,
  clicks: 0,
  spendMicros: 0,
  conversions: 0,
  linkClicks: 0,
  landingPageViews: 0,
  engagements: 0,
};

function add(a: DayFacts, b: DayFacts): DayFacts {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    spendMicros: a.spendMicros + b.spendMicros,
    conversions: a.conversions + b.conversions,
    linkClicks: a.linkClicks + b.linkClicks,
    landingPageViews: a.landingPageViews + b.landingPageViews,
    engagements: a.engagements + b.engagements,
  };
}

function dayFacts(
  campaignId: string,
  date: string,
  history: ActivityEntry[],
  currency: string,
  now: Date,
): DayFacts {
  const metrics = dailyMetrics('social', campaignId, date, history, currency, now);
  const linkClicks = Math.round(metrics.clicks * 0.82);
  return {
    ...metrics,
    linkClicks,
    landingPageViews: Math.round(linkClicks * 0.74),
    engagements: metrics.clicks + Math.round(metrics.impressions * 0.004),
  };
}

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
 * has no row, as Meta leaves those out; a row's days sum exactly into a longer row's.
 */
export function insightsRows(input: ReportInput): InsightsRow[] {
  const { request, account, now } = input;
  const campaigns = reportedCampaigns(request, input.campaigns);
  const rows: InsightsRow[] = [];
  for (const bucket of buckets(request, now.toISOString().slice(0, 10))) {
    const facts = campaigns.map((campaign) => {
      const history = input.histories.get(campaign.id) ?? [];
      return bucket.days.reduce(
        (sum, day) => add(sum, dayFacts(campaign.id, day, history, account.currency, now)),
        NOTHING,
      );
    });
    const groups =
      request.level === 'campaign'
        ? campaigns.map((campaign, index) => ({ campaign, facts: facts[index] ?? NOTHING }))
        : [{ campaign: undefined, facts: facts.reduce(add, NOTHING) }];
    for (const { campaign, facts: sum } of groups) {
      if (sum.impressions === 0 && sum.spendMicros === 0) continue;
      const values = rowValues(sum, account, campaign, bucket.days.length);
      rows.push({
        key: `${campaign?.id ?? account.id}:${bucket.start}`,
        values: { ...values, date_start: bucket.start, date_stop: bucket.stop },
      });
    }
  }
  return rows;
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
