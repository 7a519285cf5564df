import { z } from 'zod';
import { accountArgument, digitsId, dryRun } from '../arguments.ts';
import { notImplemented } from '../not-implemented.ts';
import { defineTool } from '../tool.ts';

export const updateAdHeadlines = defineTool({
  name: 'update_ad_headlines',
  description:
    'Replaces all headlines of a responsive search ad (Google Ads) with 3 to 15 new ones of at most 30 ' +
    'characters. Use it to refresh or A/B test ad copy. Not for creating ads. Billable: one call of quota. ' +
    'Pass dry_run to check the change without making it.',
  family: 'search',
  billable: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    ad_group_id: digitsId().describe('Ad group holding the ad (digits).'),
    ad_id: digitsId().describe('The responsive search ad to update (digits).'),
    headlines: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(30)
          .refine((h) => !h.includes('!'), 'must not contain "!"'),
      )
      .min(3)
      .max(15)
      .refine(
        (list) => new Set(list.map((h) => h.toLowerCase())).size === list.length,
        'must not repeat a headline (compared without case)',
      )
      .describe('The new headlines, 3 to 15, each 1 to 30 characters, no duplicates, no "!".'),
    customer_id: accountArgument('search'),
    dry_run: dryRun,
  }),
  auditFields: ['ad_group_id', 'ad_id'],
  example: {
    ad_group_id: '1234567',
    ad_id: '7654321',
    headlines: ['Fast shipping', 'Free returns', 'Rated 4.9 by buyers'],
  },
  async run() {
    notImplemented('update_ad_headlines');
  },
});
