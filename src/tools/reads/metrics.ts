import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import type { CampaignMetrics } from '../../platforms/performance.ts';
import { markdownTable } from './markdown-table.ts';

/** A metric as a performance answer gives it: money as decimal strings, ratios as numbers or null. */
export interface MetricFields {
  impressions: number;
  clicks: number;
  spend: string;
  conversions: number;
  /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
  ctr: number | null;
  /** Spend per click; null without clicks. */
  average_cpc: string | null;
  /** Spend per conversion; null without conversions. */
  cost_per_conversion: string | null;
}

const amount = z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/);

/** The metric fields as an answer's output schema states them. */
export const metricFieldsSchema = {
  impressions: z.int().min(0).describe('Impressions.'),
  clicks: z.int().min(0).describe('Clicks.'),
  spend: amount.describe('Spend, a decimal in the currency.'),
  conversions: z.number().min(0).describe('Conversions (may be fractional).'),
  ctr: z
    .number()
    .nullable()
    .describe('Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions.'),
  average_cpc: amount.nullable().describe('Spend per click; null without clicks.'),
  cost_per_conversion: amount.nullable().describe('Spend per conversion; null without conversions.'),
};

/**
 * The one table of metrics every performance tool answers with, in the order the answers show them:
 * the field, the column a person reads, and how its value is written in the text.
 */
export const METRIC_COLUMNS: ReadonlyArray<{
  field: keyof MetricFields;
  heading: (currency: string) => string;
  text: (fields: MetricFields) => string;
}> = [
  { field: 'impressions', heading: () => 'Impressions', text: (f) => f.impressions.toLocaleString('en-US') },
  { field: 'clicks', heading: () => 'Clicks', text: (f) => f.clicks.toLocaleString('en-US') },
  { field: 'spend', heading: (c) => `Spend (${c})`, text: (f) => f.spend },
  { field: 'conversions', heading: () => 'Conversions', text: (f) => String(f.conversions) },
  {
    field: 'ctr',
    heading: () => 'CTR',
    text: (f) => (f.ctr === null ? '–' : `${(f.ctr * 100).toFixed(2)}%`),
  },
  { field: 'average_cpc', heading: () => 'Avg. CPC', text: (f) => f.average_cpc ?? '–' },
  { field: 'cost_per_conversion', heading: () => 'Cost/conv.', text: (f) => f.cost_per_conversion ?? '–' },
];

/** The metrics as an answer gives them, the ratios derived from the sums (never averaged). */
export function metricFields(metrics: CampaignMetrics, currency: string): MetricFields {
  const { impressions, clicks, spendMicros, conversions } = metrics;
  return {
    impressions,
    clicks,
    spend: formatMicros(spendMicros, currency),
    conversions: Math.round(conversions * 100) / 100,
    ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : null,
    average_cpc: clicks > 0 ? formatMicros(spendMicros / clicks, currency) : null,
    cost_per_conversion: conversions > 0 ? formatMicros(spendMicros / conversions, currency) : null,
  };
}

/** A markdown table an LLM can quote: the leading columns, then the metrics. */
export function metricsTable(
  currency: string,
  leading: string[],
  rows: Array<{ cells: string[]; fields: MetricFields }>,
): string {
  return markdownTable(
    [...leading, ...METRIC_COLUMNS.map((column) => column.heading(currency))],
    rows.map((row) => [...row.cells, ...METRIC_COLUMNS.map((column) => column.text(row.fields))]),
  );
}

/** The metric columns of a list's table, after its own: each line's `metrics`, amounts in `currency`. */
export function metricColumns(
  currency: string,
): Array<readonly [string, (line: { metrics: MetricFields }) => string]> {
  return METRIC_COLUMNS.map((column) => [column.heading(currency), (line) => column.text(line.metrics)]);
}
