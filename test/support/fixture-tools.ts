import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AppError } from '../../src/errors.ts';
import { accountArgument, dryRun } from '../../src/tools/arguments.ts';
import { defineTool, type Tool } from '../../src/tools/tool.ts';

/**
 * A billable tool whose handler the test controls and observes: how often it ran, how long it takes,
 * how it ends. It exercises the pipeline's rules (quota, idempotency, accounts) where a real tool
 * could not be made slow or failing on demand.
 */
export function probeTool(name: string, family: 'social' | null = null): { tool: Tool; runs: () => number } {
  let runs = 0;
  const tool = defineTool({
    name,
    description: 'Test fixture.',
    example: {},
    family,
    billable: true,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    input: z.strictObject({
      delay_ms: z.number().int().min(0).max(10_000).default(0),
      outcome: z.enum(['ok', 'upstream_rejected', 'upstream_throttled', 'crash']).default('ok'),
      tag: z.string().optional(),
      ...(family === 'social' && { ad_account_id: accountArgument('social') }),
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
