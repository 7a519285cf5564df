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
import type { AdGroupChanges, OperationStatus } from '../../platforms/video/client.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun, text } from '../arguments.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import {
  changedFields,
  platformStatus,
  STATUS_FIELDS,
  statusChange,
  statusFields,
} from '../status-vocabulary.ts';
import { defineTool, type SpendChange } from '../tool.ts';
import { tiktokStatus } from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

const NAME = 'update_video_ad_group';

interface Step {
  action: string;
  request: { method: 'POST'; url: string; body: Record<string, unknown> };
  send(): Promise<void>;
}
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
  changesSpend: true,
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
    const { account } = context;
    const advertiserId = account?.account_id ?? '';
    const currency = account?.currency ?? 'USD';
    if (args.daily_budget !== undefined) amountInCurrency(NAME, 'daily_budget', args.daily_budget, currency);
    const client = await openVideoClient(context);
    const read = () => client.getAdGroup(advertiserId, args.adgroup_id);
    const before = context.dryRun ? await read() : await context.recovery.once('before', read);
    if (!before) {
      throw new AppError(
        'upstream_rejected',
        `TikTok Ads (video) has no ad group ${args.adgroup_id} in advertiser ${advertiserId}. Check the id ` +
          '(list_video_ad_groups lists them), or the advertiser_id when several are connected.',
      );
    }
    if (tiktokStatus(before) === 'DELETE') {
      throw new AppError(
        'upstream_rejected',
        `TikTok ad group ${args.adgroup_id} ("${before.adgroup_name}") is deleted, and TikTok does not change ` +
          'deleted ad groups.',
      );
    }
    if (args.daily_budget !== undefined && before.budget_mode !== DAILY) {
      throw invalidArguments(NAME, [
        {
          field: 'daily_budget',
          message: `ad group ${args.adgroup_id} has no daily budget of its own: ${budgetElsewhere(before)}`,
        },
      ]);
    }
    const wantedStatus: OperationStatus | undefined =
      args.status === undefined ? undefined : (platformStatus('video', args.status) as OperationStatus);
    const status =
      wantedStatus !== undefined && wantedStatus !== before.operation_status ? wantedStatus : undefined;
    const name = args.name !== undefined && args.name !== before.adgroup_name ? args.name : undefined;
    const budget =
      args.daily_budget !== undefined && unitsToMicros(args.daily_budget) !== unitsToMicros(before.budget)
        ? args.daily_budget
        : undefined;
    const after: VideoAdGroup = {
      ...before,
      ...(name !== undefined && { adgroup_name: name }),
      ...(budget !== undefined && { budget }),
      ...(status !== undefined && { operation_status: status }),
    };
    const shownBefore = fields(before, currency);
    const shownAfter = fields(after, currency);
    const changed = changedFields(shownBefore, shownAfter);
    const answer = (extra: Record<string, unknown>) => ({
      advertiser_id: advertiserId,
      adgroup_id: args.adgroup_id,
      name: after.adgroup_name,
      before: shownBefore,
      after: shownAfter,
      changed,
      dry_run: context.dryRun,
      ...extra,
    });
    if (status === undefined && name === undefined && budget === undefined) {
      return {
        text:
          `Nothing to change: TikTok ad group ${args.adgroup_id} ("${before.adgroup_name}") already is so. ` +
          'No request was sent to TikTok.',
        structured: answer(context.dryRun ? { preview: [] } : {}),
      };
    }
    const micros = budget === undefined ? undefined : unitsToMicros(budget);
    const raises = micros !== undefined && micros > unitsToMicros(before.budget);
    const doing: string[] = [];
    if (status) doing.push(`${status === 'ENABLE' ? 'enable' : 'disable'} ad group ${args.adgroup_id}`);
    if (micros !== undefined)
      doing.push(
        `${raises ? 'raise' : 'lower'} the daily budget of ad group ${args.adgroup_id} to ` +
          `${formatMicros(micros, currency)} ${currency}`,
      );
    if (name !== undefined) doing.push(`rename ad group ${args.adgroup_id}`);
    const change: SpendChange = {
      what: doing.join(' and '),
      startsOrRaisesSpend: status === 'ENABLE' || raises,
      ...(micros !== undefined && { dailyBudget: { micros, currency } }),
      ...(status === 'ENABLE' && {
        startsDelivery:
          after.budget_mode === DAILY
            ? { currency, dailyMicros: unitsToMicros(after.budget) }
            : { currency, elsewhere: `by the budget of its campaign ${after.campaign_id}` },
      }),
    };
    context.authorizeChange(change);
    const update: AdGroupChanges | undefined =
      name !== undefined || budget !== undefined
        ? { ...(name !== undefined && { adgroup_name: name }), ...(budget !== undefined && { budget }) }
        : undefined;
    // Disabled before other changes, enabled after them: a raised budget is in place when it starts.
    const steps: Step[] = [];
    if (update)
      steps.push({
        action: 'change the name or daily budget',
        request: client.adGroupUpdateRequest(advertiserId, args.adgroup_id, update),
        send: () => client.updateAdGroup(advertiserId, args.adgroup_id, update),
      });
    if (status) {
      const step = {
        action: `${status === 'ENABLE' ? 'enable' : 'disable'} the ad group`,
        request: client.adGroupStatusRequest(advertiserId, args.adgroup_id, status),
        send: () => client.setAdGroupStatus(advertiserId, args.adgroup_id, status),
      };
      if (status === 'DISABLE') steps.unshift(step);
      else steps.push(step);
    }
    if (context.dryRun) {
      return {
        text:
          `Dry run: ad group ${args.adgroup_id} would ${change.what}, with ${steps.length} request` +
          `${steps.length === 1 ? '' : 's'} to TikTok, in structured.preview. Nothing was changed (TikTok ` +
          'has no validate-only mode, so nothing was sent).',
        structured: answer({
          preview: steps.map(({ action, request }, index) => ({
            step: index + 1,
            action,
            method: request.method,
            url: new URL(request.url).pathname,
            body: request.body,
          })),
        }),
      };
    }
    for (const [index, step] of steps.entries()) {
      try {
        await step.send();
      } catch (error) {
        if (index === 0 || !(error instanceof AppError)) throw error;
        throw new AppError(
          error.code,
          `${error.message} This happened when trying to ${step.action}; TikTok had already applied the ` +
            `first change to ad group ${args.adgroup_id} (${steps[0]?.action}). A new call is safe: it ` +
            'sends only what still differs.',
          { ...error.options, upstreamMayHaveActed: true },
        );
      }
    }
    context.noteChange(shownBefore, shownAfter);
    return {
      text: `Updated TikTok ad group ${args.adgroup_id}: ${change.what}.`,
      structured: answer({}),
    };
  },
});
