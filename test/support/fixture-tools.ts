import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AppError } from '../../src/errors.ts';
import { accountArgument, dryRun } from '../../src/tools/arguments.ts';
import type { Change } from '../../src/tools/changes/change.ts';
import { defineTool, type Tool } from '../../src/tools/tool.ts';

/**
 * A billable tool whose handler the test controls and observes: how often it ran, how long it takes,
 * how it ends. It exercises the pipeline's rules (quota, idempotency, accounts) where a real tool
 * could not be made slow or failing on demand.
 */
export function probeTool(
  name: string,
  platform: 'social' | null = null,
): { tool: Tool; runs: () => number } {
  let runs = 0;
  const tool = defineTool({
    name,
    description: 'Test fixture.',
    example: {},
    platform,
    billable: true,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    input: z.strictObject({
      delay_ms: z.number().int().min(0).max(10_000).default(0),
      outcome: z.enum(['ok', 'upstream_rejected', 'upstream_throttled', 'crash']).default('ok'),
      tag: z.string().optional(),
      ...(platform === 'social' && { ad_account_id: accountArgument('social') }),
      dry_run: dryRun,
    }),
    async run(args, context) {
      runs++;
      await sleep(args.delay_ms);
      if (args.outcome === 'upstream_rejected')
        throw new AppError('upstream_rejected', 'The platform said no.');
      if (args.outcome === 'upstream_throttled') {
        throw new AppError('upstream_rate_limited', 'Slow down.', { retryAfterSeconds: 30 });
      }
      if (args.outcome === 'crash') throw new TypeError('boom');
      return {
        text: `ran ${args.tag ?? ''} on ${context.account?.account_id ?? 'no account'}`,
        structured: { account_id: context.account?.account_id ?? null, run: runs },
      };
    },
  });
  return { tool, runs: () => runs };
}

/**
 * A write tool that sets a daily budget on the caller's social account and may start spend, as the
 * platform update tools do: it asks the key first (`authorizeChange`), then counts how often it acted.
 */
export function budgetTool(name: string): { tool: Tool; acted: () => number } {
  let acted = 0;
  const tool = defineTool({
    name,
    description: 'Test fixture.',
    example: { daily_budget: 10 },
    platform: 'social',
    billable: true,
    changes: { object: 'campaign', fields: { daily_budget: 'daily_budget', activate: 'delivery' } },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    input: z.strictObject({
      daily_budget: z.number().positive().optional(),
      activate: z.boolean().default(false),
      ad_account_id: accountArgument('social'),
      dry_run: dryRun,
    }),
    async run(args, context) {
      const currency = context.account?.currency ?? 'USD';
      const micros = args.daily_budget === undefined ? null : Math.round(args.daily_budget * 1_000_000);
      const change: Change = {
        what: args.activate ? 'activate the campaign' : 'set the daily budget',
        currency,
        object: 'campaign 1',
        shown: { before: { daily_budget: null }, after: { daily_budget: args.daily_budget ?? null } },
        objects: [
          {
            ref: { kind: 'campaign', id: '1' },
            label: 'campaign 1',
            fields: [
              ...(args.activate
                ? [{ field: 'status', money: 'delivery' as const, before: false, after: true }]
                : []),
              ...(micros === null
                ? []
                : [{ field: 'daily_budget', money: 'daily_budget' as const, before: micros, after: micros }]),
            ],
            delivery: {
              before: { active: false },
              after: { active: args.activate, dailyMicros: micros ?? undefined },
            },
            budgets: { currency, dailyMicros: micros ?? undefined },
          },
        ],
      };
      await context.authorizeChange(change);
      acted++;
      context.noteChange(change);
      return { text: 'done', structured: { account_id: context.account?.account_id ?? null } };
    },
  });
  return { tool, acted: () => acted };
}
