import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import { PLATFORM_INFO, type Platform } from '../../platform-families.ts';
import {
  addMetrics,
  type CampaignMetrics,
  type CampaignPerformanceRow,
  DEVICES,
  type Device,
  NO_METRICS,
  type PerformanceAnswer,
  type PerformanceLevel,
  type ReportedObject,
} from '../../platforms/performance.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';
import type { ToolResult } from '../tool.ts';
import { type MetricFields, metricFields, metricFieldsSchema, metricsTable } from './metrics.ts';
import type { Period } from './period.ts';

export const BREAKDOWNS = ['none', 'day', 'device'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

export interface PerformanceReportInput {
  platform: Platform;
  accountId: string;
  period: Period;
  level: PerformanceLevel;
  breakdown: Breakdown;
  answer: PerformanceAnswer;
  /** The campaign_ids argument, to name those that do not exist. */
  requested?: string[] | undefined;
}

/** What each level's objects are called: in the answer's fields, and for people. */
const LEVEL_NAMES: Record<PerformanceLevel, { list: string; id: string; word: string; heading: string }> = {
  campaign: { list: 'campaigns', id: 'campaign_id', word: 'campaign', heading: 'Campaign' },
  ad_group: { list: 'ad_groups', id: 'ad_group_id', word: 'ad group', heading: 'Ad group' },
  ad: { list: 'ads', id: 'ad_id', word: 'ad', heading: 'Ad' },
};

interface Described extends ReportedObject {
  campaignId: string;
  adGroupId?: string | undefined;
}

interface Line {
  object: Described;
  metrics: CampaignMetrics;
  parts: Map<string, CampaignMetrics>;
}

function objectsAt(level: PerformanceLevel, answer: PerformanceAnswer): Described[] {
  if (level === 'ad_group') return answer.adGroups ?? [];
  if (level === 'ad') return answer.ads ?? [];
  return answer.campaigns.map((campaign) => ({ ...campaign, campaignId: campaign.id }));
}

function rowKey(level: PerformanceLevel, row: CampaignPerformanceRow): string | undefined {
  if (level === 'ad_group') return row.adGroupId;
  if (level === 'ad') return row.adId;
  return row.campaignId;
}

/** The object's current state, which an agent needs to act without another read (pausing it twice, say). */
function stateFields(platform: Platform, object: ReportedObject, currency: string) {
  return {
    ...(object.platformStatus === undefined
      ? { status: null, platform_status: null }
      : statusFields(platform, object.platformStatus)),
    daily_budget:
      object.dailyBudgetMicros === undefined || object.dailyBudgetMicros === null
        ? null
        : formatMicros(object.dailyBudgetMicros, currency),
  };
}

/**
 * One performance answer for every platform and level: per object (campaign, ad group or ad; and per day
 * or device when asked) the metrics of the one metrics table with the object's status and daily budget,
 * totals that are the sums of the rows, objects sorted by spend, the campaign ids asked for that do not
 * exist listed as not found, and a markdown table for `data.text`.
 */
export function performanceReport(input: PerformanceReportInput): ToolResult {
  const { answer, period, breakdown, level, platform } = input;
  const currency = answer.currency;
  const names = LEVEL_NAMES[level];
  const lines = new Map<string, Line>(
    objectsAt(level, answer).map((object) => [object.id, { object, metrics: NO_METRICS, parts: new Map() }]),
  );
  // Rows the platform reported for objects it did not list (no campaign id, a campaign outside the
  // listing): never dropped, their sums are said apart and counted in the totals.
  let unattached = NO_METRICS;
  for (const row of answer.rows) {
    const line = lines.get(rowKey(level, row) ?? '');
    if (!line) {
      unattached = addMetrics(unattached, row.metrics);
      continue;
    }
    line.metrics = addMetrics(line.metrics, row.metrics);
    const part = breakdown === 'day' ? row.date : breakdown === 'device' ? row.device : undefined;
    if (part) line.parts.set(part, addMetrics(line.parts.get(part) ?? NO_METRICS, row.metrics));
  }
  const sorted = [...lines.values()].sort(
    (a, b) => b.metrics.spendMicros - a.metrics.spendMicros || a.object.name.localeCompare(b.object.name),
  );
  const totals = sorted.reduce((sum, line) => addMetrics(sum, line.metrics), unattached);
  const hasUnattached = Object.values(unattached).some((value) => value > 0);
  const campaignIds = new Set(answer.campaigns.map((campaign) => campaign.id));
  const notFound = (input.requested ?? []).filter((id) => !campaignIds.has(id));
  const campaignNames = new Map(answer.campaigns.map((campaign) => [campaign.id, campaign.name]));

  const objects = sorted.map((line) => ({
    [names.id]: line.object.id,
    name: line.object.name,
    ...(level !== 'campaign' && {
      campaign_id: line.object.campaignId,
      campaign_name: campaignNames.get(line.object.campaignId) ?? null,
    }),
    ...(level === 'ad' && { ad_group_id: line.object.adGroupId ?? null }),
    ...stateFields(platform, line.object, currency),
    ...metricFields(line.metrics, currency),
    ...(breakdown === 'day' && {
      days: [...line.parts.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, metrics]) => ({ date, ...metricFields(metrics, currency) })),
    }),
    ...(breakdown === 'device' && {
      devices: DEVICES.filter((device) => line.parts.has(device)).map((device) => ({
        device,
        ...metricFields(line.parts.get(device) ?? NO_METRICS, currency),
      })),
    }),
  }));
  const label = PLATFORM_INFO[platform].label;
  const table = metricsTable(
    currency,
    [names.heading, 'Id', 'Status'],
    [
      ...sorted.map((line) => ({
        cells: [line.object.name, line.object.id, stateFields(platform, line.object, currency).status ?? '–'],
        fields: metricFields(line.metrics, currency),
      })),
      ...(hasUnattached
        ? [{ cells: [`*Not in the listing*`, '', ''], fields: metricFields(unattached, currency) }]
        : []),
      { cells: ['**Total**', '', ''], fields: metricFields(totals, currency) },
    ],
  );
  const sections = [
    `${label} account ${input.accountId}, ${period.label}, in ${currency}: ${plural(sorted.length, names.word)}, ` +
      `${metricFields(totals, currency).spend} ${currency} spent.`,
    table,
  ];
  if (breakdown !== 'none') sections.push(partTable(sorted, breakdown, names.list, currency));
  if (hasUnattached) {
    sections.push(
      `${metricFields(unattached, currency).spend} ${currency} (${unattached.impressions} impressions, ` +
        `${unattached.clicks} clicks) on ${names.list.replace('_', ' ')} not in the listing: ${label} reported rows ` +
        'it did not name an object of this listing for (a removed one, or a row without an id). They are in the total.',
    );
  }
  if (notFound.length > 0) sections.push(`Not found in this account: ${notFound.join(', ')}.`);
  return {
    text: sections.join('\n\n'),
    structured: {
      account_id: input.accountId,
      currency,
      period: { start: period.start, end: period.end },
      level,
      breakdown,
      [names.list]: objects,
      totals: metricFields(totals, currency),
      unattached: hasUnattached ? metricFields(unattached, currency) : null,
      not_found: notFound,
    },
  };
}

/** The account's days or devices, all objects summed: the long per-object table is in `structured`. */
function partTable(lines: Line[], breakdown: 'day' | 'device', list: string, currency: string): string {
  const parts = new Map<string, CampaignMetrics>();
  for (const line of lines) {
    for (const [part, metrics] of line.parts)
      parts.set(part, addMetrics(parts.get(part) ?? NO_METRICS, metrics));
  }
  const order = (a: string, b: string) =>
    breakdown === 'day' ? (a < b ? -1 : 1) : DEVICES.indexOf(a as Device) - DEVICES.indexOf(b as Device);
  const rows: Array<{ cells: string[]; fields: MetricFields }> = [...parts.entries()]
    .sort(([a], [b]) => order(a, b))
    .map(([part, metrics]) => ({ cells: [part], fields: metricFields(metrics, currency) }));
  const field = breakdown === 'day' ? 'days' : 'devices';
  return (
    `By ${breakdown}, all ${list.replace('_', ' ')} (each one's ${field} are in structured.${list}[].${field}):\n\n` +
    metricsTable(currency, [breakdown === 'day' ? 'Day' : 'Device'], rows)
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

const METRICS = z.object(metricFieldsSchema);
const STATE = {
  status: STATUS_FIELDS.status.nullable(),
  platform_status: STATUS_FIELDS.platform_status.nullable(),
  daily_budget: z.string().nullable().describe('Its own daily budget now; null when it holds none.'),
};
const PARTS = {
  days: z
    .array(METRICS.extend({ date: z.string().describe('YYYY-MM-DD') }))
    .optional()
    .describe('With breakdown day.'),
  devices: z
    .array(METRICS.extend({ device: z.enum(DEVICES) }))
    .optional()
    .describe('With breakdown device.'),
};
const PARENT = {
  campaign_id: z.string(),
  campaign_name: z.string().nullable(),
};

/** The answer of every performance tool. */
export const PERFORMANCE_OUTPUT = z.strictObject({
  account_id: z.string(),
  currency: z.string().describe('The currency of every amount.'),
  period: z.strictObject({ start: z.string(), end: z.string() }),
  level: z.enum(['campaign', 'ad_group', 'ad']),
  breakdown: z.enum(BREAKDOWNS),
  campaigns: z
    .array(
      z.strictObject({
        campaign_id: z.string(),
        name: z.string(),
        ...STATE,
        ...metricFieldsSchema,
        ...PARTS,
      }),
    )
    .optional()
    .describe('At level campaign, by spend.'),
  ad_groups: z
    .array(
      z.strictObject({
        ad_group_id: z.string(),
        name: z.string(),
        ...PARENT,
        ...STATE,
        ...metricFieldsSchema,
        ...PARTS,
      }),
    )
    .optional()
    .describe('At level ad_group, by spend.'),
  ads: z
    .array(
      z.strictObject({
        ad_id: z.string(),
        name: z.string(),
        ...PARENT,
        ad_group_id: z.string().nullable(),
        ...STATE,
        ...metricFieldsSchema,
        ...PARTS,
      }),
    )
    .optional()
    .describe('At level ad, by spend.'),
  totals: METRICS,
  unattached: METRICS.nullable().describe(
    'What the platform reported for objects not in the listing (a removed one, a row without an id); in totals. Null when none.',
  ),
  not_found: z.array(z.string()).describe('Campaign ids asked for that the account does not have.'),
});
