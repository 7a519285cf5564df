import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { microsToDecimal } from '../../money.ts';
import { addMetrics, type CampaignMetrics, NO_METRICS } from '../../platforms/performance.ts';
import { activityHistories } from '../activity.ts';
import { dailyMetrics, daysBetween } from '../daily-metrics.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { StoredObject } from '../store.ts';
import { utcDay } from './campaign-activity.ts';
import { answerFault, Invalid, type NetworkSandbox, urnId } from './context.ts';
import { guarded } from './entities.ts';
import {
  listParameter,
  onlyParameters,
  parseRestli,
  projectionOf,
  queryParameter,
  rawQueryParameter,
} from './restli.ts';
import { CAMPAIGN_TYPES, type Json } from './validate.ts';

/** LinkedIn answers at most this many elements and drops the rest without a word; it does not page. */
export const MAX_ELEMENTS = 15_000;
/** LinkedIn takes at most 20 fields in one request. */
const MAX_FIELDS = 20;

const FINDERS = ['analytics', 'statistics', 'attributedRevenueMetrics'];
const GRANULARITIES = ['ALL', 'DAILY', 'MONTHLY', 'YEARLY'] as const;
type Granularity = (typeof GRANULARITIES)[number];

/** LinkedIn's pivots; the sandbox groups by the four of the account structure. */
const PIVOTS = [
  'COMPANY',
  'ACCOUNT',
  'SHARE',
  'CAMPAIGN',
  'CREATIVE',
  'CAMPAIGN_GROUP',
  'CONVERSION',
  'CONVERSATION_NODE',
  'CONVERSATION_NODE_OPTION_INDEX',
  'SERVING_LOCATION',
  'CARD_INDEX',
  'MEMBER_COMPANY_SIZE',
  'MEMBER_INDUSTRY',
  'MEMBER_SENIORITY',
  'MEMBER_JOB_TITLE',
  'MEMBER_JOB_FUNCTION',
  'MEMBER_COUNTRY_V2',
  'MEMBER_REGION_V2',
  'MEMBER_COMPANY',
  'PLACEMENT_NAME',
  'IMPRESSION_DEVICE_TYPE',
];
const SERVED_PIVOTS = ['ACCOUNT', 'CAMPAIGN_GROUP', 'CAMPAIGN', 'CREATIVE'];

/** The facets that pick what is reported; the sandbox serves those of the account structure. */
const FACETS = ['accounts', 'campaignGroups', 'campaigns', 'creatives', 'shares', 'companies'];
const FACET_URNS: Record<string, string> = {
  accounts: 'sponsoredAccount',
  campaignGroups: 'sponsoredCampaignGroup',
  campaigns: 'sponsoredCampaign',
};

/** What the sandbox computes for each metric it serves, from a campaign's day. */
const SERVED_METRICS: Record<
  string,
  (metrics: CampaignMetrics, currency: string) => number | string | undefined
> = {
  impressions: (m) => m.impressions,
  clicks: (m) => m.clicks,
  landingPageClicks: (m) => m.clicks,
  costInLocalCurrency: (m) => microsToDecimal(m.spendMicros),
  // The sandbox converts no currency: costInUsd is served for accounts in USD, left out for the others.
  costInUsd: (m, currency) => (currency === 'USD' ? microsToDecimal(m.spendMicros) : undefined),
  externalWebsiteConversions: (m) => m.conversions,
};
/** LinkedIn's other metrics: valid in a request, not computed by the sandbox. */
const OTHER_METRICS = [
  'actionClicks',
  'adUnitClicks',
  'approximateMemberReach',
  'cardClicks',
  'cardImpressions',
  'commentLikes',
  'comments',
  'companyPageClicks',
  'conversionValueInLocalCurrency',
  'externalWebsitePostClickConversions',
  'externalWebsitePostViewConversions',
  'follows',
  'fullScreenPlays',
  'leadGenerationMailContactInfoShares',
  'leadGenerationMailInterestedClicks',
  'likes',
  'oneClickLeadFormOpens',
  'oneClickLeads',
  'opens',
  'otherEngagements',
  'reactions',
  'sends',
  'shares',
  'totalEngagements',
  'videoCompletions',
  'videoFirstQuartileCompletions',
  'videoMidpointCompletions',
  'videoStarts',
  'videoThirdQuartileCompletions',
  'videoViews',
  'viralImpressions',
];
/** What an answer holds without a `fields` projection. */
const DEFAULT_FIELDS = ['impressions', 'clicks', 'dateRange', 'pivotValues'];

const PARAMETERS = ['q', 'pivot', 'timeGranularity', 'dateRange', 'campaignType', 'fields', ...FACETS];

interface Day {
  year: number;
  month: number;
  day: number;
}

function dayOf(date: string): Day {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return { year, month, day };
}

/** One end of `dateRange`, `(year:2026,month:11,day:1)`, as `YYYY-MM-DD`. */
function dateOf(value: unknown, path: string): string {
  const fields = value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  const parts = ['year', 'month', 'day'].map((name) => Number(fields?.[name]));
  const [year = 0, month = 0, day = 0] = parts;
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const valid =
    fields !== undefined &&
    Object.keys(fields).every((key) => ['year', 'month', 'day'].includes(key)) &&
    parts.every((part) => Number.isInteger(part) && part > 0) &&
    !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
    new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  if (!valid) throw new Invalid(`${path} must be a calendar day written (year:2026,month:11,day:1)`, path);
  return date;
}

/** `dateRange=(start:(...),end:(...))`: the start is required; without an end the range runs to today. */
function dateRangeOf(request: FastifyRequest, today: string): { start: string; end: string } {
  const raw = rawQueryParameter(request, 'dateRange');
  if (raw === undefined)
    throw new Invalid(
      'dateRange is required, like dateRange=(start:(year:2026,month:11,day:1))',
      'dateRange',
    );
  const range = parseRestli(raw);
  if (typeof range !== 'object' || Array.isArray(range) || range.start === undefined)
    throw new Invalid(
      'dateRange must be (start:(year:..,month:..,day:..),end:(...)) with a start',
      'dateRange',
    );
  for (const key of Object.keys(range)) {
    if (key !== 'start' && key !== 'end')
      throw new Invalid(`dateRange.${key} is not a field of a date range`, 'dateRange');
  }
  const start = dateOf(range.start, 'dateRange.start');
  const end = range.end === undefined ? today : dateOf(range.end, 'dateRange.end');
  if (end < start) throw new Invalid('dateRange.end must not be before dateRange.start', 'dateRange.end');
  return { start, end };
}

/** The period a day falls in, at the asked granularity, within the asked range. */
function bucketOf(date: string, granularity: Granularity, range: { start: string; end: string }) {
  const clip = (from: string, to: string) => ({
    start: from < range.start ? range.start : from,
    end: to > range.end ? range.end : to,
  });
  switch (granularity) {
    case 'DAILY':
      return { start: date, end: date };
    case 'MONTHLY': {
      const [year = 0, month = 0] = date.split('-').map(Number);
      const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      return clip(`${date.slice(0, 8)}01`, last);
    }
    case 'YEARLY':
      return clip(`${date.slice(0, 4)}-01-01`, `${date.slice(0, 4)}-12-31`);
    case 'ALL':
      return range;
  }
}

function oneOfParameter<T extends string>(request: FastifyRequest, name: string, values: readonly T[]): T {
  const value = queryParameter(request, name);
  if (value === undefined) throw new Invalid(`${name} is required (one of ${values.join(', ')})`, name);
  if (!(values as readonly string[]).includes(value))
    throw new Invalid(`${name} must be one of ${values.join(', ')} (got "${value}")`, name);
  return value as T;
}

/** The fields to answer: the `fields` projection, checked against LinkedIn's metrics. */
function fieldsOf(request: FastifyRequest): string[] {
  const projection = projectionOf(request);
  if (!projection) return DEFAULT_FIELDS;
  const fields = [...projection.keys()];
  if (fields.length > MAX_FIELDS)
    throw new Invalid(
      `fields names ${fields.length} fields; a request takes at most ${MAX_FIELDS}`,
      'fields',
    );
  for (const [field, nested] of projection) {
    if (nested !== true) throw new Invalid(`fields: ${field} has no sub-fields to project`, 'fields');
    if (field === 'dateRange' || field === 'pivotValues' || field in SERVED_METRICS) continue;
    if (OTHER_METRICS.includes(field)) {
      throw new Invalid(
        `fields: the sandbox does not compute ${field}; it reports ${Object.keys(SERVED_METRICS).join(', ')}`,
        'fields',
      );
    }
    throw new Invalid(`fields: ${field} is not a field of adAnalytics`, 'fields');
  }
  return fields;
}

/** The share of a campaign's delivery each of its creatives wins on a day: from 1 to 3 parts of a draw. */
function weight(creativeId: string, date: string): number {
  const digest = createHash('sha256').update(`network-creative\u0000${creativeId}\u0000${date}`).digest();
  return 1 + (2 * digest.readUInt32BE(0)) / 2 ** 32;
}

/** `total` units split by the weights, to whole units that add up to it (largest remainders first). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts;
}

/**
 * A campaign's day split among its creatives, as LinkedIn rotates them: each wins a share of the day by
 * a draw, and the parts add up to the campaign's exactly (spend in whole cents, as it accrues). A campaign
 * without creatives reports none.
 */
function splitAmongCreatives(
  metrics: CampaignMetrics,
  creativeIds: string[],
  date: string,
): Array<[string, CampaignMetrics]> {
  const weights = creativeIds.map((id) => weight(id, date));
  const impressions = apportion(metrics.impressions, weights);
  const clicks = apportion(metrics.clicks, weights);
  const cents = apportion(Math.round(metrics.spendMicros / 10_000), weights);
  const conversions = apportion(metrics.conversions, weights);
  return creativeIds.map((id, i) => [
    id,
    {
      impressions: impressions[i] ?? 0,
      clicks: clicks[i] ?? 0,
      spendMicros: (cents[i] ?? 0) * 10_000,
      conversions: conversions[i] ?? 0,
    },
  ]);
}

/**
 * `GET /rest/adAnalytics?q=analytics`: LinkedIn's reporting, validated as LinkedIn does, from the
 * campaigns' activity history (src/sandbox/daily-metrics.ts): the same numbers on every run, nothing on
 * days a campaign was not active, days in UTC up to today. Elements without impressions are left out, as
 * LinkedIn leaves out what has no activity; the answer does not page and stops at 15,000 elements.
 */
export function registerAnalyticsRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;
  const db = sandbox.services.storage.db;

  /** The campaigns one facet names that the token may read; the others are left out, as LinkedIn does. */
  async function campaignsOf(request: FastifyRequest, facet: string, ids: string[]) {
    const granted = sandbox.granted(request);
    const found: Array<StoredObject<Json>> = [];
    for (const id of ids) {
      if (facet === 'accounts') {
        if (granted.includes(id)) found.push(...(await store.list<Json>('campaign', id)));
      } else if (facet === 'campaignGroups') {
        const group = await store.get<Json>('campaign_group', id);
        if (group && granted.includes(group.accountId))
          found.push(...(await store.list<Json>('campaign', group.accountId, id)));
      } else {
        const campaign = await store.get<Json>('campaign', id);
        if (campaign && granted.includes(campaign.accountId)) found.push(campaign);
      }
    }
    return found;
  }

  scope.get(
    '/rest/adAnalytics',
    guarded(async (request, reply) => {
      onlyParameters(request, PARAMETERS);
      const finder = queryParameter(request, 'q');
      if (finder !== 'analytics') {
        throw new Invalid(
          finder && FINDERS.includes(finder)
            ? `The sandbox serves the analytics finder (q=analytics), not q=${finder}`
            : `q must name a finder of adAnalytics: ${FINDERS.join(', ')}`,
          'q',
        );
      }
      const pivot = oneOfParameter(request, 'pivot', PIVOTS);
      if (!SERVED_PIVOTS.includes(pivot))
        throw new Invalid(`The sandbox reports pivots ${SERVED_PIVOTS.join(', ')}, not ${pivot}`, 'pivot');
      const granularity = oneOfParameter(request, 'timeGranularity', GRANULARITIES);
      const now = sandbox.now();
      const today = utcDay(now);
      const range = dateRangeOf(request, today);
      const fields = fieldsOf(request);

      let campaigns: Array<StoredObject<Json>> | undefined;
      const named: string[] = [];
      for (const facet of FACETS) {
        const values = listParameter(request, facet);
        if (values === undefined) continue;
        const type = FACET_URNS[facet];
        if (!type)
          throw new Invalid(
            `The sandbox reports by accounts, campaignGroups or campaigns, not ${facet}`,
            facet,
          );
        const ids = values.map((value) => {
          const id = urnId(value, type);
          if (!id) throw new Invalid(`${facet}: ${value} is not a urn:li:${type} URN`, facet);
          return id;
        });
        named.push(...ids);
        const found = await campaignsOf(request, facet, ids);
        // Facets narrow one another.
        campaigns =
          campaigns === undefined ? found : campaigns.filter((c) => found.some((f) => f.id === c.id));
      }
      if (!campaigns) {
        throw new Invalid(
          `Name what to report with at least one facet: ${Object.keys(FACET_URNS).join(', ')}, like accounts=List(urn%3Ali%3AsponsoredAccount%3A123)`,
        );
      }
      if (await answerFault(reply, ...named)) return reply;
      const campaignType = queryParameter(request, 'campaignType');
      if (campaignType !== undefined) {
        if (!CAMPAIGN_TYPES.includes(campaignType))
          throw new Invalid(`campaignType must be one of ${CAMPAIGN_TYPES.join(', ')}`, 'campaignType');
        campaigns = campaigns.filter((campaign) => campaign.data.type === campaignType);
      }

      const days = range.start > today ? [] : daysBetween(range.start, range.end < today ? range.end : today);
      const histories = await activityHistories(
        db,
        'network',
        campaigns.map((c) => c.id),
      );
      const currencies = new Map<string, string>();
      const totals = new Map<
        string,
        { pivot: string; range: { start: string; end: string }; metrics: CampaignMetrics; currency: string }
      >();
      for (const campaign of campaigns) {
        let currency = currencies.get(campaign.accountId);
        if (!currency) {
          currency = (await store.get<SandboxAccount>('account', campaign.accountId))?.data.currency ?? 'USD';
          currencies.set(campaign.accountId, currency);
        }
        const creatives =
          pivot === 'CREATIVE'
            ? (await store.list('creative', campaign.accountId, campaign.id)).map((c) => c.id)
            : [];
        const pivotValue =
          pivot === 'CAMPAIGN'
            ? `urn:li:sponsoredCampaign:${campaign.id}`
            : pivot === 'CAMPAIGN_GROUP'
              ? `urn:li:sponsoredCampaignGroup:${campaign.parentId}`
              : `urn:li:sponsoredAccount:${campaign.accountId}`;
        const history = histories.get(campaign.id) ?? [];
        for (const date of days) {
          const metrics = dailyMetrics('network', campaign.id, date, history, currency, now);
          if (metrics.impressions === 0) continue;
          const bucket = bucketOf(date, granularity, range);
          const parts =
            pivot === 'CREATIVE'
              ? splitAmongCreatives(metrics, creatives, date).map(([id, part]) => ({
                  value: `urn:li:sponsoredCreative:${id}`,
                  metrics: part,
                }))
              : [{ value: pivotValue, metrics }];
          for (const part of parts) {
            // A creative may win nothing of a thin day; what it did win is kept, so the parts add up.
            if (part.metrics.impressions === 0 && part.metrics.clicks === 0 && part.metrics.spendMicros === 0)
              continue;
            const key = `${bucket.start}|${part.value}`;
            const total = totals.get(key);
            totals.set(key, {
              pivot: part.value,
              range: bucket,
              metrics: addMetrics(total?.metrics ?? NO_METRICS, part.metrics),
              currency,
            });
          }
        }
      }
      const elements = [...totals.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, MAX_ELEMENTS)
        .map(([, total]) => {
          const element: Json = {};
          for (const field of fields) {
            if (field === 'dateRange')
              element.dateRange = { start: dayOf(total.range.start), end: dayOf(total.range.end) };
            else if (field === 'pivotValues') element.pivotValues = [total.pivot];
            else {
              const value = SERVED_METRICS[field]?.(total.metrics, total.currency);
              if (value !== undefined) element[field] = value;
            }
          }
          return element;
        });
      return { paging: { start: 0, count: 10, links: [] }, elements };
    }),
  );
}
