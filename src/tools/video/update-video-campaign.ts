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
import type { OperationStatus, VideoClient } from '../../platforms/video/client.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun, notBothSchema, text } from '../arguments.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { changedFields, platformStatus, statusChange } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import {
  CAMPAIGN_FIELDS_SCHEMA,
  type CampaignChange,
  campaignFields,
  campaignSummary,
  changeOf,
  changesNothing,
  DAILY_BUDGET_MODES,
  spendChangeOf,
} from './campaign-change.ts';
import { openVideoClient } from './video-client.ts';

const DELETED = 'CAMPAIGN_STATUS_DELETE';
const CHANGING = ['status', 'operation_status', 'name', 'daily_budget', 'budget'] as const;

interface Step {
  action: string;
  request: { method: 'POST'; url: string; body: Record<string, unknown>; idempotent: boolean };
  send(): Promise<void>;
}

/**
 * The requests a change needs, in the order that spends least in between: a campaign is disabled before
 * its other fields change, and enabled only after them (a raised budget is in place when it starts).
 */
function stepsOf(
  client: VideoClient,
  advertiserId: string,
  campaignId: string,
  change: CampaignChange,
): Step[] {
  const steps: Step[] = [];
  const { update, status } = change;
  if (update) {
    steps.push({
      action:
        update.campaign_name === undefined
          ? 'change the budget'
          : update.budget === undefined
            ? 'rename the campaign'
            : 'rename the campaign and change its budget',
      request: client.updateRequest(advertiserId, campaignId, update),
      send: () => client.updateCampaign(advertiserId, campaignId, update),
    });
  }
  if (status) {
    const step = {
      action: `${status === 'ENABLE' ? 'enable' : 'disable'} the campaign`,
      request: client.statusRequest(advertiserId, campaignId, status),
      send: () => client.setStatus(advertiserId, campaignId, status),
    };
    if (status === 'DISABLE') steps.unshift(step);
    else steps.push(step);
  }
  return steps;
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
  changesSpend: true,
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
    preview: z
      .array(
        z.object({
          step: z.number().describe('Its place in the order.'),
          action: z.string().describe('What it does.'),
          method: z.string().describe('The HTTP method.'),
          url: z.string().describe("The path on TikTok's API."),
          body: z.record(z.string(), z.unknown()).describe('The JSON body.'),
        }),
      )
      .optional()
      .describe('On a dry run: the requests that would be sent, in order.'),
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
    const { account } = context;
    const advertiserId = account?.account_id ?? '';
    const currency = account?.currency ?? 'USD';
    const budgetField = args.daily_budget !== undefined ? 'daily_budget' : 'budget';
    const budget = args.daily_budget ?? args.budget;
    if (budget !== undefined) amountInCurrency('update_video_campaign', budgetField, budget, currency);
    const client = await openVideoClient(context);
    const read = () => client.getCampaign(advertiserId, args.campaign_id);
    // A retry that takes over a crashed attempt shows the campaign as the first attempt found it.
    const before = context.dryRun ? await read() : await context.recovery.once('before', read);
    if (!before) {
      throw new AppError(
        'upstream_rejected',
        `TikTok Ads (video) has no campaign ${args.campaign_id} in advertiser ${advertiserId}. ` +
          'Check the id in TikTok Ads Manager (list_video_campaigns lists them), or the advertiser_id ' +
          'when several are connected.',
      );
    }
    if (before.secondary_status === DELETED) {
      throw new AppError(
        'upstream_rejected',
        `TikTok campaign ${args.campaign_id} ("${before.campaign_name}") is deleted, and TikTok does not ` +
          'change deleted campaigns. Create a new campaign in TikTok Ads Manager instead.',
      );
    }
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
    const operationStatus: OperationStatus | undefined =
      args.status !== undefined
        ? (platformStatus('video', args.status) as OperationStatus)
        : args.operation_status;
    const change = changeOf(before, { name: args.name, budget, operation_status: operationStatus });
    const shown = (after: VideoCampaign) => {
      const [from, to] = [campaignFields(before, currency), campaignFields(after, currency)];
      return {
        advertiser_id: advertiserId,
        campaign_id: args.campaign_id,
        name: after.campaign_name,
        currency,
        before: from,
        after: to,
        changed: changedFields(from, to),
        dry_run: context.dryRun,
      };
    };
    if (changesNothing(change)) {
      return {
        text:
          `Nothing to change: TikTok campaign ${args.campaign_id} is already ${campaignSummary(before, currency)}. ` +
          'No request was sent to TikTok.',
        structured: { ...shown(before), ...(context.dryRun && { preview: [] }) },
      };
    }
    context.authorizeChange(spendChangeOf(args.campaign_id, before, change, currency));
    const steps = stepsOf(client, advertiserId, args.campaign_id, change);
    const from = campaignSummary(before, currency);
    const to = campaignSummary(change.after, currency);
    if (context.dryRun) {
      return {
        text:
          `Dry run: campaign ${args.campaign_id} would change from ${from} to ${to}, with ${steps.length} ` +
          `request${steps.length === 1 ? '' : 's'} to TikTok, listed in order in structured.preview. ` +
          'Nothing was changed (TikTok has no validate-only mode, so nothing was sent).',
        structured: {
          ...shown(change.after),
          preview: steps.map(({ action, request }, index) => ({
            step: index + 1,
            action,
            method: request.method,
            url: new URL(request.url).pathname,
            body: request.body,
          })),
        },
      };
    }
    for (const [index, step] of steps.entries()) {
      try {
        await step.send();
      } catch (error) {
        if (index === 0 || !(error instanceof AppError)) throw error;
        // The earlier step is applied on TikTok: say so, so the caller does not assume nothing changed
        // (appended: a 500's message must keep its `Internal error:` start).
        throw new AppError(
          error.code,
          `${error.message} This happened when trying to ${step.action}; TikTok had already applied the ` +
            `first change to campaign ${args.campaign_id} (${steps[0]?.action}). A new call is safe: ` +
            'it sends only what still differs.',
          { ...error.options, upstreamMayHaveActed: true },
        );
      }
    }
    context.noteChange(campaignFields(before, currency), campaignFields(change.after, currency));
    const stopped =
      change.status === 'DISABLE'
        ? ' It no longer delivers, so it stops spending from now on.'
        : change.status === 'ENABLE'
          ? ' It can deliver from now on, where its ad groups and ads are enabled too; check its delivery ' +
            'in TikTok Ads Manager.'
          : '';
    return {
      text: `Updated TikTok campaign ${args.campaign_id}: ${from} -> ${to}.${stopped}`,
      structured: shown(change.after),
    };
  },
});
