import { z } from 'zod';
import { PLATFORM_INFO, type Platform } from '../../platform-families.ts';
import type { PlatformCallContext } from '../../platforms/call-context.ts';
import type { PerformanceAnswer, PerformanceQuery } from '../../platforms/performance.ts';
import { accountArgument } from '../arguments.ts';
import { defineTool, type Tool } from '../tool.ts';
import { performanceReport } from './performance-report.ts';
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
          .describe(
            `Only these campaigns (at most ${MAX_CAMPAIGN_IDS}); all of the account's otherwise. Ids that do not exist are listed as not found.`,
          ),
        breakdown: z
          .enum(['none', 'day'])
          .default('none')
          .describe(
            '"day" adds each campaign\'s days (days with nothing are left out); "none" gives the period.',
          ),
        [info.accountArgument]: accountArgument(platform),
      })
      .meta(PERIOD_SCHEMA),
    example: options.example,
    rules: (args) => periodIssues(args),
    auditFields: ['date_range', 'start_date', 'end_date', 'breakdown'],
    async run(args, context) {
      const account = context.account;
      if (!account) throw new Error('a performance tool needs the resolved account');
      const today = todayIn(account.time_zone, context.now);
      const period = resolvePeriod(args, today, options.name);
      const campaignIds = args.campaign_ids as string[] | undefined;
      const breakdown = args.breakdown as 'none' | 'day';
      const answer = await options.read(context, {
        start: period.start,
        end: period.end,
        campaignIds,
        byDay: breakdown === 'day',
      });
      return performanceReport({
        platform,
        accountId: account.account_id,
        period,
        breakdown,
        answer,
        requested: campaignIds,
      });
    },
  });
}
