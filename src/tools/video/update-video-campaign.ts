import { z } from 'zod';
import { accountArgument, digitsId, dryRun, text } from '../arguments.ts';
import { notImplemented } from '../not-implemented.ts';
import { defineTool } from '../tool.ts';

const BUDGET_MODES = ['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL'] as const;
const MIN_BUDGET = 50;

export const updateVideoCampaign = defineTool({
  name: 'update_video_campaign',
  description:
    'Changes the name, the budget or the budget mode (daily or lifetime total) of an existing TikTok ' +
    'campaign; the result shows the fields before and after. Use it to rename a campaign or raise or lower ' +
    'its spend. It never changes the campaign status and does not create campaigns. Budgets are in the ' +
    `account currency, at least ${MIN_BUDGET}. Switching budget_mode needs a budget too. Billable: one ` +
    'quota unit; pass dry_run to check the change first.',
  family: 'video',
  billable: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_id: digitsId().describe('The campaign to change (digits).'),
      name: text(512).optional().describe('New campaign name, 1 to 512 characters.'),
      budget: z
        .number()
        .positive()
        .optional()
        .describe(`New budget in the account currency; at least ${MIN_BUDGET} for both budget modes.`),
      budget_mode: z
        .enum(BUDGET_MODES)
        .optional()
        .describe(
          'BUDGET_MODE_DAY (daily) or BUDGET_MODE_TOTAL (lifetime); a change of mode needs a budget.',
        ),
      advertiser_id: accountArgument('video'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      if (args.name === undefined && args.budget === undefined && args.budget_mode === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'nothing to change: pass at least one of name, budget or budget_mode',
        });
      }
      if (args.budget !== undefined && args.budget > 0 && args.budget < MIN_BUDGET && args.budget_mode) {
        ctx.addIssue({
          code: 'custom',
          path: ['budget'],
          message: `must be at least ${MIN_BUDGET} for ${args.budget_mode} (got ${args.budget})`,
        });
      }
    }),
  auditFields: ['campaign_id', 'name', 'budget', 'budget_mode'],
  example: { campaign_id: '1800000000000001', budget: 120, budget_mode: 'BUDGET_MODE_DAY' },
  async run() {
    notImplemented('update_video_campaign');
  },
});
