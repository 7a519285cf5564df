import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { type VideoCampaign, VideoClient } from '../../platforms/video/client.ts';
import { videoProtocol } from '../../platforms/video/protocol.ts';
import { accountArgument, digitsId, dryRun, text } from '../arguments.ts';
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
  async run(args, context) {
    const { services, account } = context;
    const advertiserId = account?.account_id ?? '';
    const session = await PlatformSession.open(
      context,
      videoProtocol(services.config.platforms.videoThrottleCodes),
    );
    const client = new VideoClient(session);
    const before = await client.getCampaign(advertiserId, args.campaign_id);
    if (!before) {
      throw new AppError(
        'upstream_rejected',
        `TikTok Ads (video) has no campaign ${args.campaign_id} in advertiser ${advertiserId}. ` +
          'Check the id in TikTok Ads Manager, or the advertiser_id when several are connected.',
      );
    }
    const mode = args.budget_mode ?? before.budget_mode;
    if (args.budget_mode && args.budget_mode !== before.budget_mode && args.budget === undefined) {
      throw new AppError(
        'invalid_arguments',
        `Invalid arguments for update_video_campaign: budget: is required to switch the campaign from ` +
          `${before.budget_mode} to ${args.budget_mode}.`,
        {
          structuredContent: {
            issues: [{ field: 'budget', message: `is required to switch to ${args.budget_mode}` }],
          },
        },
      );
    }
    if (args.budget !== undefined && args.budget < MIN_BUDGET) {
      throw new AppError(
        'invalid_arguments',
        `Invalid arguments for update_video_campaign: budget: must be at least ${MIN_BUDGET} for ${mode} (got ${args.budget}).`,
        {
          structuredContent: {
            issues: [{ field: 'budget', message: `must be at least ${MIN_BUDGET} for ${mode}` }],
          },
        },
      );
    }
    const changes = { campaign_name: args.name, budget: args.budget, budget_mode: args.budget_mode };
    const after = {
      ...before,
      ...(args.name !== undefined && { campaign_name: args.name }),
      ...(args.budget !== undefined && { budget: args.budget }),
      budget_mode: mode,
    };
    const fields = (c: VideoCampaign) => ({
      name: c.campaign_name,
      budget: c.budget,
      budget_mode: c.budget_mode,
    });
    const summary = (c: VideoCampaign) =>
      `"${c.campaign_name}", ${c.budget} ${account?.currency ?? ''} (${c.budget_mode})`;
    if (context.dryRun) {
      const { body, method, url } = client.updateRequest(advertiserId, args.campaign_id, changes);
      return {
        text: `Dry run: campaign ${args.campaign_id} would change from ${summary(before)} to ${summary(after)}. Nothing was changed.`,
        structured: {
          campaign_id: args.campaign_id,
          before: fields(before),
          after: fields(after),
          preview: { method, url: new URL(url).pathname, body },
        },
      };
    }
    await client.updateCampaign(advertiserId, args.campaign_id, changes);
    return {
      text:
        `Updated TikTok campaign ${args.campaign_id}: ${summary(before)} -> ${summary(after)}. ` +
        'Its status is unchanged; check delivery in TikTok Ads Manager.',
      structured: {
        campaign_id: args.campaign_id,
        advertiser_id: advertiserId,
        before: fields(before),
        after: fields(after),
      },
    };
  },
});
