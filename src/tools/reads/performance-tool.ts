import { z } from 'zod';
import { PLATFORM_INFO, type Platform } from '../../platform-families.ts';
import type { PlatformCallContext } from '../../platforms/call-context.ts';
import type { PerformanceAnswer, PerformanceLevel, PerformanceQuery } from '../../platforms/performance.ts';
import { accountArgument } from '../arguments.ts';
import { defineTool, type Tool } from '../tool.ts';
import { BREAKDOWNS, type Breakdown, PERFORMANCE_OUTPUT, performanceReport } from './performance-report.ts';
import { PERIOD_SCHEMA, periodArguments, periodIssues, resolvePeriod, todayIn } from './period.ts';

/**
 * How a platform reads its campaigns' performance: its adapter, behind the account's session. It needs
 * only the account and the services, so the console's overview reads through it too, outside any call.
 */
export type PerformanceReader = (
  context: PlatformCallContext,
  query: PerformanceQuery,
) => Promise<PerformanceAnswer>;

/** Campaign ids per call, as the platforms' report filters take them. */
const MAX_CAMPAIGN_IDS = 100;

export interface PerformanceToolOptions {
  name: string;
  platform: Platform;
  /** What the tool reads, for its description: the platform's own words for the report. */
  reads: string;
  /** The schema of one campaign id of this platform. */
  campaignId: z.ZodType<string>;
  example: Record<string, unknown>;
  read: PerformanceReader;
  /** The levels below the campaign the platform reports, each with its own word for the object. */
  levels: Partial<Record<Exclude<PerformanceLevel, 'campaign'>, string>>;
  /** Whether it reports by device. */
  byDevice: boolean;
}

/** `campaign, ad_group (ad set) or ad (creative)`: the levels a platform reports, in its words. */
function levelWords(options: PerformanceToolOptions): string {
  const below = Object.entries(options.levels).map(([level, word]) =>
    word === level.replace('_', ' ') ? level : `${level} (${word})`,
  );
  return ['campaign', ...below].join(', ').replace(/, ([^,]*)$/, ' or $1');
}

/**
 * The campaign performance tool of a platform: the same arguments, rules and answer on every platform
 * (see performance-report.ts); only the reader differs.
 */
export function performanceTool(options: PerformanceToolOptions): Tool {
  const { platform } = options;
  const info = PLATFORM_INFO[platform];
  return defineTool({
    name: options.name,
    description:
      `How the campaigns of a ${info.label} account performed over a period: impressions, clicks, spend, ` +
      'conversions, CTR, CPC, cost per conversion, with totals. Use it to compare and find waste. Billable: ' +
      'one quota unit.',
    guidance:
      `Reports how the campaigns of a ${info.label} account performed over a period: impressions, clicks, ` +
      'spend, conversions, CTR, average CPC and cost per conversion, per campaign (and per day with ' +
      'breakdown "day"), with totals, sorted by spend, in the account currency. Read-only. Use it for ' +
      'daily briefings, to compare campaigns, and to find spend without conversions before acting. ' +
      `${options.reads} Billable: one quota unit.`,
    platform,
    billable: true,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    input: z
      .strictObject({
        ...periodArguments,
        campaign_ids: z
          .array(options.campaignId)
          .min(1)
          .max(MAX_CAMPAIGN_IDS)
          .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id')
          .meta({ uniqueItems: true })
          .optional()
          .describe('Only these campaigns (default all); unknown ids are listed as not found.'),
        level: z
          .enum([
            'campaign',
            ...(Object.keys(options.levels) as Array<Exclude<PerformanceLevel, 'campaign'>>),
          ])
          .default('campaign')
          .describe(`Rows per ${levelWords(options)}.`),
        breakdown: z
          .enum(options.byDevice ? BREAKDOWNS : ['none', 'day'])
          .default('none')
          .describe(`Each row's days${options.byDevice ? ' or devices' : ''} too; none gives the period.`),
        [info.accountArgument]: accountArgument(platform),
      })
      .meta(PERIOD_SCHEMA),
    example: options.example,
    output: PERFORMANCE_OUTPUT,
    rules: (args) => periodIssues(args),
    auditFields: ['date_range', 'start_date', 'end_date', 'level', 'breakdown'],
    async run(args, context) {
      const account = context.account;
      if (!account) throw new Error('a performance tool needs the resolved account');
      const today = todayIn(account.time_zone, context.now);
      const period = resolvePeriod(args, today, options.name);
      const campaignIds = args.campaign_ids as string[] | undefined;
      const breakdown = args.breakdown as Breakdown;
      const level = args.level as PerformanceLevel;
      const answer = await options.read(context, {
        start: period.start,
        end: period.end,
        campaignIds,
        byDay: breakdown === 'day',
        level,
        byDevice: breakdown === 'device',
      });
      return performanceReport({
        platform,
        accountId: account.account_id,
        period,
        level,
        breakdown,
        answer,
        requested: campaignIds,
      });
    },
  });
}
