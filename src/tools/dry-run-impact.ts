import { z } from 'zod';

/**
 * What the pipeline adds to the answer of a dry run of a change that moves spend
 * (src/pipeline/execute-tool.ts withImpact): part of the tool's `structured`, so of its output schema.
 */
export const dryRunImpact = z
  .object({
    currency: z.string().describe('The currency of the deltas.'),
    projected_daily_delta: z
      .string()
      .nullable()
      .describe('What it may spend a day after the change minus before; null when unknown.'),
    projected_period_delta: z
      .string()
      .nullable()
      .describe('The daily delta over the days left in the month; null when unknown.'),
    period_end: z.string().describe('The last day of the month (YYYY-MM-DD).'),
    approval_needed: z.string().optional().describe("Why applying it would wait for the owner's approval."),
  })
  .optional()
  .describe('On a dry run: the projected effect on spend.');
