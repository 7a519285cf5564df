import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { unitsToMicros } from '../../money.ts';
import type { VideoCampaign } from '../../platforms/video/answers.ts';
import {
  campaignNameLength,
  hasEmoji,
  MAX_CAMPAIGN_NAME_LENGTH,
  MIN_CAMPAIGN_BUDGET,
  NO_BUDGET_LIMIT,
} from '../../platforms/video/campaign-rules.ts';
import type { CampaignChanges, OperationStatus, VideoClient } from '../../platforms/video/client.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun, notBothSchema, text } from '../arguments.ts';
import type { WriteStep } from '../changes/apply-write.ts';
import type { DeliveryBudgets } from '../changes/change.ts';
import { type ObjectUpdate, updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { platformStatus, statusChange } from '../status-vocabulary.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import {
  CAMPAIGN_FIELDS_SCHEMA,
  campaignFields,
  campaignSummary,
  DAILY_BUDGET_MODES,
  LIFETIME_BUDGET_MODE,
} from './campaign-change.ts';
import { openVideoClient } from './video-client.ts';

const DELETED = 'CAMPAIGN_STATUS_DELETE';
const CHANGING = ['status', 'operation_status', 'name', 'daily_budget', 'budget'] as const;

/** What bounds an enabled campaign's spend: its daily or lifetime budget, or its ad groups alone. */
function deliveryBudgets(campaign: VideoCampaign, currency: string): DeliveryBudgets {
  const micros = unitsToMicros(campaign.budget);
  if (DAILY_BUDGET_MODES.has(campaign.budget_mode)) return { currency, dailyMicros: micros };
  if (campaign.budget_mode === LIFETIME_BUDGET_MODE) return { currency, lifetimeMicros: micros };
  if (campaign.budget_mode === NO_BUDGET_LIMIT) {
    return { currency, elsewhere: 'only by its ad groups (the campaign has no budget limit)' };
  }
  return { currency, elsewhere: `by a ${campaign.budget_mode} budget` };
}

/**
 * A TikTok campaign's update: `campaign/update/` for the name and the budget (in the campaign's own
 * budget type), `campaign/status/update/` for the status.
 */
function campaignUpdate(
  context: ToolContext,
  client: VideoClient,
  args: {
    campaign_id: string;
    status?: OperationStatus | undefined;
    name?: string | undefined;
    budget?: number | undefined;
  },
): ObjectUpdate<VideoCampaign> {
  const advertiserId = context.account?.account_id ?? '';
  const currency = context.account?.currency ?? 'USD';
  const campaignId = args.campaign_id;
  const path = (request: { url: string }) => new URL(request.url).pathname;
  return {
    platform: 'TikTok',
    currency,
    read: () => client.getCampaign(advertiserId, campaignId),
    missing: () =>
      new AppError(
        'upstream_rejected',
        `TikTok Ads (video) has no campaign ${campaignId} in advertiser ${advertiserId}. ` +
          'Check the id in TikTok Ads Manager (list_video_campaigns lists them), or the advertiser_id ' +
          'when several are connected.',
      ),
    check(before) {
      if (before.secondary_status === DELETED) {
        throw new AppError(
          'upstream_rejected',
          `TikTok campaign ${campaignId} ("${before.campaign_name}") is deleted, and TikTok does not ` +
            'change deleted campaigns. Create a new campaign in TikTok Ads Manager instead.',
        );
      }
    },
    ref: () => ({ kind: 'campaign', id: campaignId, campaignId }),
    label: () => `campaign ${campaignId}`,
    where: () => `TikTok campaign ${campaignId}`,
    summary: (campaign) => campaignSummary(campaign, currency),
    fields: {
      status: {
        money: 'delivery',
        value: (campaign) => campaign.operation_status ?? null,
        active: (value) => value === 'ENABLE',
        verbs: { on: 'enable', off: 'disable' },
      },
      name: { money: 'none', value: (campaign) => campaign.campaign_name },
      budget: {
        money: (campaign) =>
          DAILY_BUDGET_MODES.has(campaign.budget_mode) ? 'daily_budget' : 'lifetime_budget',
        value: (campaign) => unitsToMicros(campaign.budget),
      },
    },
    wanted: {
      status: args.status,
      name: args.name,
      budget: args.budget === undefined ? undefined : unitsToMicros(args.budget),
    },
    apply: (campaign, changes) => ({
      ...campaign,
      ...(changes.name !== undefined && { campaign_name: String(changes.name) }),
      ...(args.budget !== undefined && changes.budget !== undefined && { budget: args.budget }),
      ...(changes.status !== undefined && { operation_status: String(changes.status) }),
    }),
    shown: (campaign) => campaignFields(campaign, currency),
    delivery: (campaign) => ({
      active: campaign.operation_status === 'ENABLE',
      dailyMicros: DAILY_BUDGET_MODES.has(campaign.budget_mode) ? unitsToMicros(campaign.budget) : undefined,
    }),
    budgets: (campaign) => deliveryBudgets(campaign, currency),
    steps(_before, changes) {
      const steps: WriteStep[] = [];
      const update: CampaignChanges = {
        ...(changes.name !== undefined && { campaign_name: String(changes.name) }),
        ...(changes.budget !== undefined && args.budget !== undefined && { budget: args.budget }),
      };
      if (Object.keys(update).length > 0) {
        const request = client.updateRequest(advertiserId, campaignId, update);
        steps.push({
          action:
            update.campaign_name === undefined
              ? 'change the budget'
              : update.budget === undefined
                ? 'rename the campaign'
                : 'rename the campaign and change its budget',
          fields: Object.keys(changes).filter((field) => field !== 'status'),
          shown: ['name', 'daily_budget', 'budget'],
          request: { method: request.method, url: path(request), body: request.body },
          send: () => client.updateCampaign(advertiserId, campaignId, update),
        });
      }
      const status = changes.status as OperationStatus | undefined;
      if (status) {
        const request = client.statusRequest(advertiserId, campaignId, status);
        steps.push({
          action: `${status === 'ENABLE' ? 'enable' : 'disable'} the campaign`,
          fields: ['status'],
          shown: ['status', 'platform_status'],
          request: { method: request.method, url: path(request), body: request.body },
          send: () => client.setStatus(advertiserId, campaignId, status),
        });
      }
      return steps;
    },
    answer: (_before, after) => ({
      advertiser_id: advertiserId,
      campaign_id: campaignId,
      name: after.campaign_name,
      currency,
    }),
    async extras(before, after) {
      if (after.operation_status === before.operation_status) return {};
      return {
        text:
          after.operation_status === 'DISABLE'
            ? 'It no longer delivers, so it stops spending from now on.'
            : 'It can deliver from now on, where its ad groups and ads are enabled too; check its delivery ' +
              'in TikTok Ads Manager.',
      };
    },
  };
}

export const updateVideoCampaign = defineTool({
  name: 'update_video_campaign',
  description:
    'Enables or pauses a TikTok campaign, renames it or changes its budget; answers before and after. Enabling or raising needs the spend scope. Billable: one quota unit.',
  guidance:
    'Enables or disables (pauses) an existing TikTok campaign, renames it or changes its budget amount; ' +
    'the result shows the fields before and after. Disabling stops its delivery; enabling starts it ' +
    "again. The budget applies in the campaign's own budget type (daily or lifetime total), which TikTok " +
    'fixes when the campaign is created: this tool cannot switch it, and a campaign without a budget ' +
    'limit cannot be given one. It does not create or delete campaigns. Enabling and raising a budget ' +
    'start or raise spend: they need an API key with the spend scope, and a budget must be within the ' +
    "key's ceiling. Budgets are in the account currency, at least " +
    `${MIN_CAMPAIGN_BUDGET}. Names have up to ${MAX_CAMPAIGN_NAME_LENGTH} characters (each Chinese or ` +
    'Japanese character counts as two) and no emoji. A change that would change nothing (already ' +
    'disabled, same budget) is answered without writing to TikTok. Billable: one quota unit; pass ' +
    'dry_run to see the requests first. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'video',
  billable: true,
  changes: {
    object: 'campaign',
    fields: {
      status: 'delivery',
      operation_status: 'delivery',
      name: 'none',
      daily_budget: 'daily_budget',
      budget: ['daily_budget', 'lifetime_budget'],
    },
    address: ([campaign]) => ({ campaign_id: campaign?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_id: digitsId().describe('The campaign to change (digits).'),
      status: statusChange('video')
        .optional()
        .describe('ACTIVE to let the campaign deliver (needs the spend scope), PAUSED to stop it.'),
      operation_status: z
        .enum(['ENABLE', 'DISABLE'])
        .optional()
        .describe("TikTok's name of status (ENABLE or DISABLE); pass one of the two."),
      name: text(MAX_CAMPAIGN_NAME_LENGTH, 'code_points')
        .optional()
        .describe(
          `New campaign name, up to ${MAX_CAMPAIGN_NAME_LENGTH} characters (each Chinese or Japanese ` +
            'character counts as two), no emoji.',
        ),
      daily_budget: amountArgument(MIN_CAMPAIGN_BUDGET)
        .optional()
        .describe(`New daily budget in the account currency, at least ${MIN_CAMPAIGN_BUDGET}.`),
      budget: amountArgument(MIN_CAMPAIGN_BUDGET)
        .optional()
        .describe(
          `New budget in the account currency, at least ${MIN_CAMPAIGN_BUDGET}, in the campaign's own ` +
            'budget type: per day for a daily budget, for the whole run for a lifetime budget.',
        ),
      advertiser_id: accountArgument('video'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      if (CHANGING.every((field) => args[field] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `nothing to change: pass at least one of status, name, daily_budget or budget`,
        });
      }
      if (args.status !== undefined && args.operation_status !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['operation_status'],
          message: 'is the older name of status: pass status alone (ACTIVE or PAUSED)',
        });
      }
      if (args.daily_budget !== undefined && args.budget !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['budget'],
          message:
            'is the older name of daily_budget: pass one of them, daily_budget for a daily budget or ' +
            'budget for a lifetime one',
        });
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
    })
    .meta({
      allOf: [
        anyOfSchema(...CHANGING),
        notBothSchema('status', 'operation_status'),
        notBothSchema('daily_budget', 'budget'),
      ],
    }),
  output: z.object({
    advertiser_id: z.string().describe('The TikTok advertiser.'),
    campaign_id: z.string().describe('The campaign.'),
    name: z.string().describe('Its name after the change.'),
    currency: z.string().describe('The currency of the budgets.'),
    before: CAMPAIGN_FIELDS_SCHEMA.describe('The campaign as it was.'),
    after: CAMPAIGN_FIELDS_SCHEMA.describe('The campaign as it is (or would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether this was a dry run (nothing sent).'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  refusedFields: {
    budget_mode:
      "cannot be changed: TikTok fixes a campaign's budget type (daily, lifetime or no limit) when the " +
      'campaign is created, and its API has no way to switch it. Pass budget alone to change the amount in ' +
      "the campaign's current type; for another budget type, create a new campaign with it in TikTok Ads " +
      'Manager and pause this one',
  },
  stop: {
    status: { field: 'status', pausing: ['PAUSED'] },
    budget: 'daily_budget',
    aliases: { operation_status: 'status', budget: 'daily_budget' },
  },
  auditFields: ['campaign_id', 'status', 'operation_status', 'name', 'daily_budget', 'budget'],
  example: { campaign_id: '1800000000000002', status: 'PAUSED' },
  async run(args, context) {
    const currency = context.account?.currency ?? 'USD';
    const budgetField = args.daily_budget !== undefined ? 'daily_budget' : 'budget';
    const budget = args.daily_budget ?? args.budget;
    if (budget !== undefined) amountInCurrency('update_video_campaign', budgetField, budget, currency);
    const client = await openVideoClient(context);
    const status: OperationStatus | undefined =
      args.status !== undefined
        ? (platformStatus('video', args.status) as OperationStatus)
        : args.operation_status;
    const update = campaignUpdate(context, client, {
      campaign_id: args.campaign_id,
      status,
      name: args.name,
      budget,
    });
    return updateObject(context, {
      ...update,
      check(before) {
        update.check?.(before);
        if (budget !== undefined && before.budget_mode === NO_BUDGET_LIMIT) {
          const message =
            `campaign ${args.campaign_id} has no budget limit (${NO_BUDGET_LIMIT}), and TikTok cannot give it ` +
            'one after creation; limit spend on its ad groups (update_video_ad_group daily_budget), or create ' +
            'a new campaign with a daily or lifetime budget';
          throw invalidArguments('update_video_campaign', [{ field: budgetField, message }]);
        }
        if (args.daily_budget !== undefined && !DAILY_BUDGET_MODES.has(before.budget_mode)) {
          const message =
            `campaign ${args.campaign_id} has a ${before.budget_mode} budget, not a daily one; pass budget to ` +
            'change its amount in that type';
          throw invalidArguments('update_video_campaign', [{ field: 'daily_budget', message }]);
        }
      },
    });
  },
});
