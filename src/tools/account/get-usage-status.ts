import { z } from 'zod';
import { TIERS } from '../../config.ts';
import { quotaBlock, quotaPeriod, upgradeUrl } from '../../quota.ts';
import { quotaUsed } from '../../storage/quota.ts';
import { defineTool } from '../tool.ts';

const DAY_MS = 86_400_000;

export const getUsageStatus = defineTool({
  name: 'get_usage_status',
  description:
    "This month's tool calls used, the tier's limit and when it resets. Call it before a batch of billable calls or after a 402. Free.",
  guidance:
    'Shows how many tool calls the account owner has used this month, the monthly limit of their tier, ' +
    'and when the counter resets. Free: never uses quota. Call it before a batch of billable calls or ' +
    'after a 402 quota error. Not for account or connection questions (list_connected_accounts, ' +
    'get_connections_status).',
  platform: null,
  billable: false,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.object({
    quota: z
      .object({
        used: z.int().min(0).describe('Calls used this month.'),
        limit: z.int().min(0).describe("The tier's monthly limit."),
        tier: z.enum(TIERS).describe("The owner's tier."),
        period_end: z.iso.date().describe('When the counter resets (UTC).'),
      })
      .describe("This month's tool calls, shared by all of the owner's keys."),
    days_until_reset: z.int().describe('Days until period_end.'),
    tiers: z
      .array(
        z.object({
          tier: z.enum(TIERS).describe('A tier.'),
          limit: z.int().min(0).describe('Its monthly limit.'),
        }),
      )
      .describe('Every tier and its monthly limit.'),
    upgrade_url: z.url().describe('Where to move to a higher tier.'),
  }),
  example: {},
  async run(_args, { services, caller, now }) {
    const { config, storage } = services;
    const used = await quotaUsed(storage.db, caller.userId, quotaPeriod(now));
    const quota = quotaBlock(config, caller.tier, used, now);
    const daysUntilReset = Math.ceil((Date.parse(`${quota.period_end}T00:00:00Z`) - now.getTime()) / DAY_MS);
    const tiers = TIERS.map((tier) => ({ tier, limit: config.tierLimits[tier] }));
    return {
      text:
        `${quota.used} of ${quota.limit} tool calls used this month on the ${quota.tier} tier ` +
        `(${Math.max(0, quota.limit - quota.used)} left). The counter resets on ${quota.period_end}, ` +
        `in ${daysUntilReset} day${daysUntilReset === 1 ? '' : 's'}. Upgrade at ${upgradeUrl(config)}.`,
      quota,
      structured: { quota, days_until_reset: daysUntilReset, tiers, upgrade_url: upgradeUrl(config) },
    };
  },
});
