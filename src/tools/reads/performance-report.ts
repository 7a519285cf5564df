import { PLATFORM_INFO, type Platform } from '../../platform-families.ts';
import {
  addMetrics,
  type CampaignMetrics,
  NO_METRICS,
  type PerformanceAnswer,
} from '../../platforms/performance.ts';
import type { ToolResult } from '../tool.ts';
import { type MetricFields, metricFields, metricsTable } from './metrics.ts';
import type { Period } from './period.ts';

export type Breakdown = 'none' | 'day';

export interface PerformanceReportInput {
  platform: Platform;
  accountId: string;
  period: Period;
  breakdown: Breakdown;
  answer: PerformanceAnswer;
  /** The campaign_ids argument, to name those that do not exist. */
  requested?: string[] | undefined;
}

interface CampaignLine {
  campaign_id: string;
  name: string;
  metrics: CampaignMetrics;
  days: Map<string, CampaignMetrics>;
}

/**
 * One campaign performance answer for every platform: per campaign (and per day when asked) the
 * metrics of the one metrics table, totals that are the sums of the rows, campaigns sorted by spend,
 * the ids asked for that do not exist listed as not found, and a markdown table for `data.text`.
 */
export function performanceReport(input: PerformanceReportInput): ToolResult {
  const { answer, period, breakdown } = input;
  const currency = answer.currency;
  const lines = new Map<string, CampaignLine>(
    answer.campaigns.map((c) => [
      c.id,
      { campaign_id: c.id, name: c.name, metrics: NO_METRICS, days: new Map() },
    ]),
  );
  for (const row of answer.rows) {
    const line = lines.get(row.campaignId);
    if (!line) continue;
    line.metrics = addMetrics(line.metrics, row.metrics);
    if (row.date) line.days.set(row.date, addMetrics(line.days.get(row.date) ?? NO_METRICS, row.metrics));
  }
  const sorted = [...lines.values()].sort(
    (a, b) => b.metrics.spendMicros - a.metrics.spendMicros || a.name.localeCompare(b.name),
  );
  const totals = sorted.reduce((sum, line) => addMetrics(sum, line.metrics), NO_METRICS);
  const found = new Set(lines.keys());
  const notFound = (input.requested ?? []).filter((id) => !found.has(id));

  const campaigns = sorted.map((line) => ({
    campaign_id: line.campaign_id,
    name: line.name,
    ...metricFields(line.metrics, currency),
    ...(breakdown === 'day' && {
      days: [...line.days.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, metrics]) => ({ date, ...metricFields(metrics, currency) })),
    }),
  }));
  const label = PLATFORM_INFO[input.platform].label;
  const table = metricsTable(
    currency,
    ['Campaign', 'Id'],
    [
      ...sorted.map((line) => ({
        cells: [line.name, line.campaign_id],
        fields: metricFields(line.metrics, currency),
      })),
      { cells: ['**Total**', ''], fields: metricFields(totals, currency) },
    ],
  );
  const sections = [
    `${label} account ${input.accountId}, ${period.label}, in ${currency}: ${plural(sorted.length, 'campaign')}, ` +
      `${metricFields(totals, currency).spend} ${currency} spent.`,
    table,
  ];
  if (breakdown === 'day') sections.push(dayTable(sorted, currency));
  if (notFound.length > 0) sections.push(`Not found in this account: ${notFound.join(', ')}.`);
  return {
    text: sections.join('\n\n'),
    structured: {
      account_id: input.accountId,
      currency,
      period: { start: period.start, end: period.end },
      breakdown,
      campaigns,
      totals: metricFields(totals, currency),
      not_found: notFound,
    },
  };
}

/** The account's days, all campaigns summed: a long per-campaign, per-day table is in `structured`. */
function dayTable(lines: CampaignLine[], currency: string): string {
  const days = new Map<string, CampaignMetrics>();
  for (const line of lines) {
    for (const [date, metrics] of line.days)
      days.set(date, addMetrics(days.get(date) ?? NO_METRICS, metrics));
  }
  const rows: Array<{ cells: string[]; fields: MetricFields }> = [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, metrics]) => ({ cells: [date], fields: metricFields(metrics, currency) }));
  return `By day, all campaigns (each campaign's days are in structured.campaigns[].days):\n\n${metricsTable(currency, ['Day'], rows)}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
