import { z } from 'zod';
import { mapConcurrently } from '../../assets/map-concurrently.ts';
import { AppError } from '../../errors.ts';
import { PLATFORM_INFO, PLATFORMS, type Platform } from '../../platform-families.ts';
import { addMetrics, type CampaignMetrics, NO_METRICS } from '../../platforms/performance.ts';
import type { AdAccount } from '../../storage/schema.ts';
import { callerAccounts } from '../caller-accounts.ts';
import { metricFields, metricFieldsSchema, metricsTable } from '../reads/metrics.ts';
import type { PerformanceReader } from '../reads/performance-tool.ts';
import {
  PERIOD_SCHEMA,
  type Period,
  periodArguments,
  periodIssues,
  resolvePeriod,
  todayIn,
} from '../reads/period.ts';
import { defineTool, type Tool, type ToolContext } from '../tool.ts';

/** Accounts read at once: enough to be quick, few enough to spare each platform's rate limits. */
const CONCURRENCY = 4;

type AccountRead =
  | { account: AdAccount; period: Period; currency: string; campaigns: number; metrics: CampaignMetrics }
  | { account: AdAccount; error: AppError };

async function readAccount(
  context: ToolContext,
  account: AdAccount,
  read: PerformanceReader,
  args: z.infer<typeof input>,
  tool: string,
): Promise<AccountRead> {
  try {
    const period = resolvePeriod(args, todayIn(account.time_zone, context.now), tool);
    const answer = await read(
      { ...context, account },
      { start: period.start, end: period.end, byDay: false },
    );
    const metrics = answer.rows.reduce((sum, row) => addMetrics(sum, row.metrics), NO_METRICS);
    return { account, period, currency: answer.currency, campaigns: answer.campaigns.length, metrics };
  } catch (error) {
    // An account that cannot be read (an expired connection, a throttle) is named; the others still count.
    if (error instanceof AppError) return { account, error };
    throw error;
  }
}

const input = z.strictObject({ ...periodArguments }).meta(PERIOD_SCHEMA);

const days = z
  .object({
    start: z.iso.date().describe('First day, in the account time zone.'),
    end: z.iso.date().describe('Last day, included.'),
  })
  .describe('The days read.');

const output = z.object({
  period: days,
  accounts: z
    .array(
      z.object({
        platform: z.enum(PLATFORMS).describe('search, network, social or video.'),
        account_id: z.string().describe('The account.'),
        name: z.string().describe('Its name.'),
        currency: z.string().describe('Its currency: the amounts of the row are in it.'),
        period: days.describe("The days read, in the account's time zone."),
        campaigns: z.int().min(0).describe('Its campaigns in the report.'),
        ...metricFieldsSchema,
      }),
    )
    .describe('One row per account read, by currency, then spend (highest first).'),
  totals: z
    .array(z.object({ currency: z.string().describe('The currency totalled.'), ...metricFieldsSchema }))
    .describe('The sums of the rows, one per currency.'),
  unreadable: z
    .array(
      z.object({
        platform: z.enum(PLATFORMS).describe('Its platform.'),
        account_id: z.string().describe('The account.'),
        name: z.string().describe('Its name.'),
        code: z.string().describe('The error code, like connection_expired.'),
        reason: z.string().describe('Why it could not be read, and what to do.'),
      }),
    )
    .describe('The accounts that could not be read; they are in no total.'),
});

/**
 * `get_performance_overview`: every connected account of the owner on all four platforms, one row each,
 * totals per currency, and the accounts that could not be read with the reason, for one quota unit.
 */
export function performanceOverviewTool(readers: Record<Platform, PerformanceReader>): Tool {
  const name = 'get_performance_overview';
  return defineTool({
    name,
    description:
      'Every connected account on all platforms over a period, one row each: impressions, clicks, spend, ' +
      'conversions, CTR, CPC, cost per conversion; totals per currency. Billable: one quota unit.',
    guidance:
      'Reports every connected ad account of the owner, on all four platforms, for a period: one row per ' +
      'account with impressions, clicks, spend, conversions, CTR, average CPC and cost per conversion. ' +
      'Totals are per currency (amounts in different currencies are never added); the accounts that could ' +
      'not be read (an expired connection, a throttle) are listed with the reason. Read-only. Use it for a portfolio ' +
      'briefing, then the platform performance tools for the campaigns of one account. Billable: one quota ' +
      'unit for the whole call.',
    platform: null,
    billable: true,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    input,
    output,
    example: { date_range: 'LAST_7_DAYS' },
    rules: (args) => periodIssues(args),
    auditFields: ['date_range', 'start_date', 'end_date'],
    async run(args, context) {
      const accounts = (await callerAccounts(context.services.storage.db, context.caller)).filter(
        (account) => account.status === 'active',
      );
      const reads = await mapConcurrently(accounts, CONCURRENCY, (account) =>
        readAccount(context, account, readers[account.platform as Platform], args, name),
      );
      const rows = reads
        .flatMap((read) => ('error' in read ? [] : [read]))
        .sort(
          (a, b) => a.currency.localeCompare(b.currency) || b.metrics.spendMicros - a.metrics.spendMicros,
        );
      const unreadable = reads.flatMap((read) =>
        'error' in read
          ? [
              {
                platform: read.account.platform,
                account_id: read.account.account_id,
                name: read.account.name,
                code: read.error.code,
                reason: read.error.message,
              },
            ]
          : [],
      );
      const totals = new Map<string, CampaignMetrics>();
      for (const row of rows)
        totals.set(row.currency, addMetrics(totals.get(row.currency) ?? NO_METRICS, row.metrics));

      const accountRows = rows.map((row) => ({
        platform: row.account.platform,
        account_id: row.account.account_id,
        name: row.account.name,
        currency: row.currency,
        period: { start: row.period.start, end: row.period.end },
        campaigns: row.campaigns,
        ...metricFields(row.metrics, row.currency),
      }));
      const totalRows = [...totals.entries()].map(([currency, metrics]) => ({
        currency,
        ...metricFields(metrics, currency),
      }));
      const period = rows[0]?.period ?? resolvePeriod(args, todayIn('UTC', context.now), name);
      const sections = [
        `${accounts.length} connected account${accounts.length === 1 ? '' : 's'}, ${period.label}` +
          `${rows.length < accounts.length ? `; ${unreadable.length} could not be read (below)` : ''}.`,
      ];
      for (const [currency, metrics] of totals) {
        const inCurrency = rows.filter((row) => row.currency === currency);
        sections.push(
          metricsTable(
            currency,
            ['Platform', 'Account', 'Id'],
            [
              ...inCurrency.map((row) => ({
                cells: [
                  PLATFORM_INFO[row.account.platform as Platform].label,
                  row.account.name,
                  row.account.account_id,
                ],
                fields: metricFields(row.metrics, currency),
              })),
              { cells: [`**Total ${currency}**`, '', ''], fields: metricFields(metrics, currency) },
            ],
          ),
        );
      }
      if (unreadable.length > 0) {
        sections.push(
          `Not read:\n${unreadable.map((u) => `- ${PLATFORM_INFO[u.platform as Platform].label} ${u.name} (${u.account_id}): ${u.reason}`).join('\n')}`,
        );
      }
      return {
        text: sections.join('\n\n'),
        structured: {
          period: { start: period.start, end: period.end },
          accounts: accountRows,
          totals: totalRows,
          unreadable,
        },
      };
    },
  });
}
