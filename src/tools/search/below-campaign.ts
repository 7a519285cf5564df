import { z } from 'zod';
import { digitsId } from '../arguments.ts';
import { platformStatus, type Status } from '../status-vocabulary.ts';

/** Ids of one kind, at most `max`, no repeats. */
export function idList(max: number) {
  return z
    .array(digitsId())
    .min(1)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id')
    .meta({ uniqueItems: true });
}

/** Google's statuses for a status filter (ACTIVE and PAUSED unless given), in a stable order for the cursor. */
export function googleStatuses(filter: readonly Status[] | undefined): string[] {
  return (filter ?? ['ACTIVE', 'PAUSED']).map((status) => platformStatus('search', status)).sort();
}

/** The output schema of the metrics a row carries (reads/metrics.ts's fields). */
export const METRIC_OUTPUT = z.object({
  impressions: z.number().describe('Impressions in the period.'),
  clicks: z.number().describe('Clicks in the period.'),
  spend: z.string().describe('Cost in the account currency, a decimal string.'),
  conversions: z.number().describe('Conversions in the period.'),
  ctr: z.number().nullable().describe('Clicks per impression, a fraction; null without impressions.'),
  average_cpc: z.string().nullable().describe('Spend per click; null without clicks.'),
  cost_per_conversion: z.string().nullable().describe('Spend per conversion; null without conversions.'),
});

export const PERIOD_OUTPUT = z
  .object({
    start: z.string().describe('First day, YYYY-MM-DD.'),
    end: z.string().describe('Last day, included.'),
  })
  .describe('The days the metrics cover, in the account time zone.');
