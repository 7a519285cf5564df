import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { VideoCampaign } from '../../platforms/video/answers.ts';
import {
  campaignNameLength,
  hasEmoji,
  MAX_CAMPAIGN_NAME_LENGTH,
  MIN_CAMPAIGN_BUDGET,
  NO_BUDGET_LIMIT,
} from '../../platforms/video/campaign-rules.ts';
import { accountArgument, digitsId, dryRun, text } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { openVideoClient } from './video-client.ts';

const DELETED = 'CAMPAIGN_STATUS_DELETE';

export const updateVideoCampaign = defineTool({
  name: 'update_video_campaign',
  description:
    'Renames an existing TikTok campaign or changes its budget amount; the result shows the fields before ' +
    "and after. The budget applies in the campaign's own budget type (daily or lifetime total), which " +
    'TikTok fixes when the campaign is created: this tool cannot switch it, and a campaign without a ' +
    'budget limit cannot be given one. It never changes the campaign status and does not create ' +
    `campaigns. Budgets are in the account currency, at least ${MIN_CAMPAIGN_BUDGET}. Names have up to ` +
    `${MAX_CAMPAIGN_NAME_LENGTH} characters (each Chinese or Japanese character counts as two) and no ` +
    'emoji. Billable: one quota unit; pass dry_run to check the change first.',
  platform: 'video',
  billable: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_id: digitsId().describe('The campaign to change (digits).'),
      name: text(MAX_CAMPAIGN_NAME_LENGTH)
        .optional()
        .describe(
          `New campaign name, up to ${MAX_CAMPAIGN_NAME_LENGTH} characters (each Chinese or Japanese ` +
            'character counts as two), no emoji.',
        ),
      budget: z
        .number()
        .min(MIN_CAMPAIGN_BUDGET)
        .optional()
        .describe(
          `New budget in the account currency, at least ${MIN_CAMPAIGN_BUDGET}, in the campaign's own ` +
            'budget type: per day for a daily budget, for the whole run for a lifetime budget.',
        ),
      advertiser_id: accountArgument('video'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      if (args.name === undefined && args.budget === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: 'nothing to change: pass name, budget or both' });
      }
      if (args.name === undefined) return;
      if (hasEmoji(args.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: 'must not contain emoji: TikTok refuses them',
        });
      }
      const length = campaignNameLength(args.name);
      if (length > MAX_CAMPAIGN_NAME_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message:
            `must be at most ${MAX_CAMPAIGN_NAME_LENGTH} characters, each Chinese or Japanese character ` +
            `counting as two (got ${length})`,
        });
      }
    }),
  refusedFields: {
    budget_mode:
      "cannot be changed: TikTok fixes a campaign's budget type (daily, lifetime or no limit) when the " +
      'campaign is created, and its API has no way to switch it. Pass budget alone to change the amount in ' +
      "the campaign's current type; for another budget type, create a new campaign with it in TikTok Ads " +
      'Manager and pause this one',
  },
  auditFields: ['campaign_id', 'name', 'budget'],
  example: { campaign_id: '1800000000000001', budget: 120 },
  async run(args, context) {
    const { account } = context;
    const advertiserId = account?.account_id ?? '';
    const client = await openVideoClient(context);
    const before = await client.getCampaign(advertiserId, args.campaign_id);
    if (!before) {
      throw new AppError(
        'upstream_rejected',
        `TikTok Ads (video) has no campaign ${args.campaign_id} in advertiser ${advertiserId}. ` +
          'Check the id in TikTok Ads Manager, or the advertiser_id when several are connected.',
      );
    }
    if (before.secondary_status === DELETED) {
      throw new AppError(
        'upstream_rejected',
        `TikTok campaign ${args.campaign_id} ("${before.campaign_name}") is deleted, and TikTok does not ` +
          'change deleted campaigns. Create a new campaign in TikTok Ads Manager instead.',
      );
    }
    if (args.budget !== undefined && before.budget_mode === NO_BUDGET_LIMIT) {
      const message =
        `campaign ${args.campaign_id} has no budget limit (${NO_BUDGET_LIMIT}), and TikTok cannot give it ` +
        'one after creation; limit spend on its ad groups in TikTok Ads Manager, or create a new campaign ' +
        'with a daily or lifetime budget';
      throw new AppError(
        'invalid_arguments',
        `Invalid arguments for update_video_campaign: budget: ${message}.`,
        {
          structuredContent: { issues: [{ field: 'budget', message }] },
        },
      );
    }
    const changes = { campaign_name: args.name, budget: args.budget };
    const after: VideoCampaign = {
      ...before,
      ...(args.name !== undefined && { campaign_name: args.name }),
      ...(args.budget !== undefined && { budget: args.budget }),
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
        'Its status and budget type are unchanged; check delivery in TikTok Ads Manager.',
      structured: {
        campaign_id: args.campaign_id,
        advertiser_id: advertiserId,
        before: fields(before),
        after: fields(after),
      },
    };
  },
});
