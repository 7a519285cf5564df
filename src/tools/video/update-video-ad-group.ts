import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { formatMicros, unitsToMicros } from '../../money.ts';
import type { VideoAdGroup } from '../../platforms/video/answers.ts';
import {
  campaignNameLength,
  hasEmoji,
  MAX_CAMPAIGN_NAME_LENGTH,
  MIN_AD_GROUP_BUDGET,
  NO_BUDGET_LIMIT,
} from '../../platforms/video/campaign-rules.ts';
import type { AdGroupChanges, OperationStatus, VideoClient } from '../../platforms/video/client.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun, text } from '../arguments.ts';
import type { WriteStep } from '../changes/apply-write.ts';
import { type ObjectUpdate, updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import { tiktokStatus } from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

const NAME = 'update_video_ad_group';

const DAILY = 'BUDGET_MODE_DAY';

function fields(adGroup: VideoAdGroup, currency: string) {
  return {
    name: adGroup.adgroup_name,
    ...statusFields('video', tiktokStatus(adGroup)),
    daily_budget:
      adGroup.budget_mode === DAILY ? formatMicros(unitsToMicros(adGroup.budget), currency) : null,
    budget_mode: adGroup.budget_mode,
  };
}

const SIDE = z.object({
  name: z.string().describe('Its name.'),
  ...STATUS_FIELDS,
  daily_budget: z.string().nullable().describe('Its own daily budget; null when its budget lives elsewhere.'),
  budget_mode: z.string().describe("TikTok's budget type of the ad group."),
});

/** Where the budget of an ad group without a daily one lives, for the refusal. */
function budgetElsewhere(adGroup: VideoAdGroup): string {
  if (adGroup.budget_mode === NO_BUDGET_LIMIT)
    return (
      `its budget lives on campaign ${adGroup.campaign_id} (${NO_BUDGET_LIMIT} on the ad group): change ` +
      'it with update_video_campaign daily_budget'
    );
  return (
    `it holds a ${adGroup.budget_mode} budget, not a daily one, which this tool does not change: change ` +
    'it in TikTok Ads Manager'
  );
}

/** A TikTok ad group's update: `adgroup/update/` for the name and its own budget, `adgroup/status/update/`. */
function adGroupUpdate(
  context: ToolContext,
  client: VideoClient,
  args: {
    adgroup_id: string;
    status?: OperationStatus | undefined;
    name?: string | undefined;
    daily_budget?: number | undefined;
  },
): ObjectUpdate<VideoAdGroup> {
  const advertiserId = context.account?.account_id ?? '';
  const currency = context.account?.currency ?? 'USD';
  const id = args.adgroup_id;
  const path = (request: { url: string }) => new URL(request.url).pathname;
  return {
    platform: 'TikTok',
    currency,
    read: () => client.getAdGroup(advertiserId, id),
    missing: () =>
      new AppError(
        'upstream_rejected',
        `TikTok Ads (video) has no ad group ${id} in advertiser ${advertiserId}. Check the id ` +
          '(list_video_ad_groups lists them), or the advertiser_id when several are connected.',
      ),
    check(before) {
      if (tiktokStatus(before) === 'DELETE') {
        throw new AppError(
          'upstream_rejected',
          `TikTok ad group ${id} ("${before.adgroup_name}") is deleted, and TikTok does not change ` +
            'deleted ad groups.',
        );
      }
      if (args.daily_budget !== undefined && before.budget_mode !== DAILY) {
        throw invalidArguments(NAME, [
          {
            field: 'daily_budget',
            message: `ad group ${id} has no daily budget of its own: ${budgetElsewhere(before)}`,
          },
        ]);
      }
    },
    ref: (adGroup) => ({ kind: 'ad_group', id, campaignId: adGroup.campaign_id }),
    label: () => `ad group ${id}`,
    where: (adGroup) => `TikTok ad group ${id} ("${adGroup.adgroup_name}")`,
    summary: (adGroup) => {
      const status = adGroup.operation_status === 'ENABLE' ? 'enabled' : 'disabled';
      const budget =
        adGroup.budget_mode === DAILY
          ? `${formatMicros(unitsToMicros(adGroup.budget), currency)} ${currency} a day`
          : `no daily budget of its own (${adGroup.budget_mode})`;
      return `"${adGroup.adgroup_name}", ${status}, ${budget}`;
    },
    fields: {
      status: {
        money: 'delivery',
        value: (adGroup) => adGroup.operation_status,
        active: (value) => value === 'ENABLE',
        verbs: { on: 'enable', off: 'disable' },
      },
      name: { money: 'none', value: (adGroup) => adGroup.adgroup_name },
      daily_budget: { money: 'daily_budget', value: (adGroup) => unitsToMicros(adGroup.budget) },
    },
    wanted: {
      status: args.status,
      name: args.name,
      daily_budget: args.daily_budget === undefined ? undefined : unitsToMicros(args.daily_budget),
    },
    apply: (adGroup, changes) => ({
      ...adGroup,
      ...(changes.name !== undefined && { adgroup_name: String(changes.name) }),
      ...(changes.daily_budget !== undefined &&
        args.daily_budget !== undefined && { budget: args.daily_budget }),
      ...(changes.status !== undefined && { operation_status: String(changes.status) }),
    }),
    shown: (adGroup) => fields(adGroup, currency),
    delivery: (adGroup) => ({
      active: adGroup.operation_status === 'ENABLE',
      dailyMicros: adGroup.budget_mode === DAILY ? unitsToMicros(adGroup.budget) : undefined,
    }),
    budgets: (adGroup) =>
      adGroup.budget_mode === DAILY
        ? { currency, dailyMicros: unitsToMicros(adGroup.budget) }
        : { currency, elsewhere: `by the budget of its campaign ${adGroup.campaign_id}` },
    steps(_before, changes) {
      const steps: WriteStep[] = [];
      const update: AdGroupChanges = {
        ...(changes.name !== undefined && { adgroup_name: String(changes.name) }),
        ...(changes.daily_budget !== undefined &&
          args.daily_budget !== undefined && { budget: args.daily_budget }),
      };
      if (Object.keys(update).length > 0) {
        const request = client.adGroupUpdateRequest(advertiserId, id, update);
        steps.push({
          action: 'change the name or daily budget',
          fields: Object.keys(changes).filter((field) => field !== 'status'),
          shown: ['name', 'daily_budget'],
          request: { method: request.method, url: path(request), body: request.body },
          send: () => client.updateAdGroup(advertiserId, id, update),
        });
      }
      const status = changes.status as OperationStatus | undefined;
      if (status) {
        const request = client.adGroupStatusRequest(advertiserId, id, status);
        steps.push({
          action: `${status === 'ENABLE' ? 'enable' : 'disable'} the ad group`,
          fields: ['status'],
          shown: ['status', 'platform_status'],
          request: { method: request.method, url: path(request), body: request.body },
          send: () => client.setAdGroupStatus(advertiserId, id, status),
        });
      }
      return steps;
    },
    answer: (_before, after) => ({ advertiser_id: advertiserId, adgroup_id: id, name: after.adgroup_name }),
  };
}

export const updateVideoAdGroup = defineTool({
  name: NAME,
  description:
    'Pauses or enables a TikTok ad group, renames it or changes its own daily budget; answers before and after. Enabling or raising needs the spend scope. Billable: one quota unit.',
  guidance:
    'Pauses or enables a TikTok ad group, renames it or changes its own daily budget; answers before and ' +
    'after. Enabling and raising need the spend scope. A change of nothing sends nothing. Billable: one ' +
    'quota unit; dry_run shows the requests. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'video',
  billable: true,
  changes: {
    object: 'ad_group',
    fields: { status: 'delivery', daily_budget: 'daily_budget', name: 'none' },
    address: ([adGroup]) => ({ adgroup_id: adGroup?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      adgroup_id: digitsId().describe('The ad group to change (digits), as list_video_ad_groups shows it.'),
      status: statusChange('video')
        .optional()
        .describe('ACTIVE to let it deliver (needs the spend scope), PAUSED to stop it.'),
      daily_budget: amountArgument(MIN_AD_GROUP_BUDGET)
        .optional()
        .describe(`Its new daily budget in the account currency, at least ${MIN_AD_GROUP_BUDGET}.`),
      name: text(MAX_CAMPAIGN_NAME_LENGTH, 'code_points')
        .optional()
        .describe(`New name, up to ${MAX_CAMPAIGN_NAME_LENGTH} characters, no emoji.`),
      advertiser_id: accountArgument('video'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      if (args.status === undefined && args.daily_budget === undefined && args.name === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'nothing to change: pass at least one of status, daily_budget or name',
        });
      }
      if (args.name === undefined) return;
      if (hasEmoji(args.name))
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: 'must not contain emoji: TikTok refuses them',
        });
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
    .meta(anyOfSchema('status', 'daily_budget', 'name')),
  output: z.object({
    advertiser_id: z.string().describe('The TikTok advertiser.'),
    adgroup_id: z.string().describe('The ad group.'),
    name: z.string().describe('Its name after the change.'),
    before: SIDE.describe('The ad group as it was.'),
    after: SIDE.describe('The ad group as it is (or would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether this was a dry run (nothing sent).'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  refusedFields: {
    budget: "is named daily_budget here: pass daily_budget, the ad group's own daily budget",
    operation_status: 'is named status here: pass status ACTIVE or PAUSED (ENABLE and DISABLE are taken too)',
  },
  stop: {
    status: { field: 'status', pausing: ['PAUSED'] },
    budget: 'daily_budget',
    alsoAllowed: ['adgroup_id'],
  },
  auditFields: ['adgroup_id', 'status', 'daily_budget', 'name'],
  example: { adgroup_id: '1810000000000003', status: 'PAUSED' },
  async run(args, context) {
    const currency = context.account?.currency ?? 'USD';
    if (args.daily_budget !== undefined) amountInCurrency(NAME, 'daily_budget', args.daily_budget, currency);
    const client = await openVideoClient(context);
    const status =
      args.status === undefined ? undefined : (platformStatus('video', args.status) as OperationStatus);
    return updateObject(context, adGroupUpdate(context, client, { ...args, status }));
  },
});
