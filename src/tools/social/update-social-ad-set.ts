import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { allowsAccount } from '../../key-limits.ts';
import { formatMicros, microsToMinor, minorToMicros } from '../../money.ts';
import { PlatformSession } from '../../platforms/session.ts';
import {
  MAX_AD_SET_NAME_LENGTH,
  type MetaAdSetNode,
  readAdSet,
  updateAdSet,
} from '../../platforms/social/ad-set-update.ts';
import { readCampaign } from '../../platforms/social/campaign-update.ts';
import {
  type NodeChanges,
  nodeChanges,
  nodeUpdateRequest,
  withChanges,
} from '../../platforms/social/node-update.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun, text } from '../arguments.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { type DeliveryBudgets, type DeliveryState, defineTool, type SpendChange } from '../tool.ts';
import { minorBudget } from './ad-objects.ts';

const TOOL = 'update_social_ad_set';
/** Ad sets Meta no longer changes but to delete them (their own status, or their campaign's). */
const FINISHED = ['ARCHIVED', 'DELETED'];
const CHANGING = ['status', 'daily_budget', 'name'] as const;

const shownSchema = z.object({
  name: z.string().describe('The ad set name.'),
  ...STATUS_FIELDS,
  daily_budget: z.string().nullable().describe('Its own daily budget; null when it has none.'),
  lifetime_budget: z.string().nullable().describe('Its own lifetime budget; null when it has none.'),
});

/** Where an ad set without a daily budget keeps its budget, and what to change instead. */
async function budgetElsewhere(
  session: PlatformSession,
  adSet: MetaAdSetNode,
  currency: string,
): Promise<string> {
  const lifetime = minorBudget(adSet.lifetime_budget, currency);
  if (lifetime) {
    return (
      `ad set ${adSet.id} has a lifetime budget (${lifetime} ${currency} for its whole run), and Meta cannot ` +
      "switch an ad set's budget type after it is published; change its lifetime budget in Meta Ads Manager"
    );
  }
  const campaign = await readCampaign(session, adSet.campaign_id);
  const daily = minorBudget(campaign?.daily_budget, currency);
  const held = daily
    ? `a daily budget of ${daily} ${currency}`
    : campaign?.lifetime_budget
      ? `a lifetime budget of ${minorBudget(campaign.lifetime_budget, currency)} ${currency}`
      : 'the budget';
  return (
    `ad set ${adSet.id} has no budget of its own: its campaign ${adSet.campaign_id} holds ${held} for all ` +
    `its ad sets (Advantage campaign budget); change it with update_social_campaign (campaign_id ` +
    `"${adSet.campaign_id}")`
  );
}

export const updateSocialAdSet = defineTool({
  name: TOOL,
  description:
    "Changes a Meta ad set's status, own daily budget or name; answers before and after. Activating or raising needs the spend scope. Billable: one quota unit.",
  guidance:
    "Changes a Meta ad set's status (ACTIVE or PAUSED), own daily budget or name; answers before and after. " +
    'Use it to pause a wasteful ad set or move budget between ad sets. Activating or raising needs the spend ' +
    "scope; beyond the key's guardrails it answers 202 with structured.approval (get_approval). Billable: " +
    'one quota unit; dry_run has Meta validate it.',
  platform: 'social',
  billable: true,
  changesSpend: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      ad_set_id: digitsId().describe('The ad set to change (digits), as list_social_ad_sets shows it.'),
      status: statusChange('social')
        .optional()
        .describe('ACTIVE to let the ad set deliver, PAUSED to stop its delivery and spend from now on.'),
      daily_budget: amountArgument()
        .optional()
        .describe('New daily budget in the account currency; only for an ad set with its own daily budget.'),
      name: text(MAX_AD_SET_NAME_LENGTH)
        .optional()
        .describe(`New ad set name, up to ${MAX_AD_SET_NAME_LENGTH} characters.`),
      ad_account_id: accountArgument('social'),
      dry_run: dryRun,
    })
    .superRefine((args, context) => {
      if (CHANGING.every((field) => args[field] === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: `nothing to change: pass at least one of ${CHANGING.join(', ')}`,
        });
      }
    })
    .meta(anyOfSchema(...CHANGING)),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
    ad_set_id: z.string().describe('The ad set changed.'),
    campaign_id: z.string().describe('Its campaign.'),
    name: z.string().describe('Its name after the change.'),
    currency: z.string().describe('The currency of the budgets.'),
    before: shownSchema.describe('The ad set before the change.'),
    after: shownSchema.describe('The ad set after it (as it would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was to change.'),
    dry_run: z.boolean().describe('Whether Meta only validated the change.'),
    preview: z
      .object({
        method: z.string().describe('The HTTP method.'),
        url: z.string().describe('The Graph path.'),
        body: z.record(z.string(), z.unknown()).describe('The body that would be sent.'),
      })
      .optional()
      .describe('On a dry run: the request that would be sent.'),
    impact: dryRunImpact,
  }),
  refusedFields: {
    lifetime_budget:
      "cannot be changed by this tool: it changes daily budgets only. Change an ad set's lifetime budget in " +
      'Meta Ads Manager',
    effective_status:
      'is what Meta runs, not a setting: pass status (ACTIVE or PAUSED) to change what the ad set is set to',
    campaign_id:
      'is not needed: pass ad_set_id alone (list_social_ad_sets shows each ad set with its campaign)',
  },
  stop: {
    status: { field: 'status', pausing: ['PAUSED'] },
    budget: 'daily_budget',
    alsoAllowed: ['ad_set_id'],
  },
  auditFields: ['ad_set_id', 'status', 'daily_budget', 'name'],
  example: { ad_account_id: 'act_310000000000001', ad_set_id: '120211000000000103', status: 'PAUSED' },
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
    const { currency } = account;
    const accountId = account.account_id;
    const where = `Meta ad account ${accountId} (${account.name})`;
    const session = await PlatformSession.open(context, socialProtocol);
    const before = await readAdSet(session, args.ad_set_id);
    const owner = before && `act_${before.account_id}`;
    // An ad set of an account the caller may not act on does not exist for it: nothing of it is told.
    if (!before || !owner || !allowsAccount(context.caller.limits, 'social', owner)) {
      const limited = context.caller.limits.accounts === null ? '' : " among this caller's accounts";
      throw new AppError(
        'upstream_rejected',
        `Meta has no ad set ${args.ad_set_id}${limited} that this connection can see, so none in ${where}. ` +
          'Check the id with list_social_ad_sets, or pass ad_account_id when several ad accounts are connected.',
      );
    }
    if (owner !== accountId) {
      throw new AppError(
        'upstream_rejected',
        `Ad set ${args.ad_set_id} ("${before.name}") belongs to Meta ad account ${owner}, not to ${where}. ` +
          `Pass ad_account_id: "${owner}" to change it (list_connected_accounts shows the connected accounts).`,
      );
    }
    const finished = [before.status, before.effective_status].find((s) => FINISHED.includes(s));
    if (finished) {
      throw new AppError(
        'upstream_rejected',
        `Ad set ${args.ad_set_id} ("${before.name}") in ${where} is ${finished.toLowerCase()}` +
          `${before.status === finished ? '' : ' with its campaign'}, and Meta does not change archived or ` +
          'deleted ad sets. Duplicate it in Meta Ads Manager to run it again.',
      );
    }
    let budgetMinor: number | undefined;
    if (args.daily_budget !== undefined) {
      if (!before.daily_budget) {
        const message = await budgetElsewhere(session, before, currency);
        throw invalidArguments(TOOL, [{ field: 'daily_budget', message }]);
      }
      const micros = amountInCurrency(TOOL, 'daily_budget', args.daily_budget, currency);
      budgetMinor = microsToMinor(micros, currency);
    }
    const changes = nodeChanges(before, { status: args.status, daily_budget: budgetMinor, name: args.name });
    const after = withChanges(before, changes);
    const fields = (a: MetaAdSetNode) => ({
      name: a.name,
      ...statusFields('social', a.status),
      daily_budget: minorBudget(a.daily_budget, currency),
      lifetime_budget: minorBudget(a.lifetime_budget, currency),
    });
    const summary = (a: MetaAdSetNode) => {
      const daily = minorBudget(a.daily_budget, currency);
      return `"${a.name}", ${a.status}, ${daily ? `daily budget ${daily} ${currency}` : 'no daily budget of its own'}`;
    };
    const base = {
      ad_account_id: accountId,
      ad_set_id: args.ad_set_id,
      campaign_id: before.campaign_id,
      name: after.name,
      currency,
      before: fields(before),
      after: fields(after),
      dry_run: context.dryRun,
    };
    if (Object.keys(changes).length === 0) {
      return {
        text:
          `Nothing to change: ad set ${args.ad_set_id} in ${where} is already ${summary(before)}. ` +
          'Nothing was sent to Meta.',
        structured: { ...base, changed: [] },
      };
    }
    context.authorizeChange({
      ...spendChange(before, after, changes, currency),
      // The campaign is what an approval, a guardrail and "stop all agents" name: the ad set's own.
      target: {
        campaignId: before.campaign_id,
        currency,
        before: deliveryState(before, currency),
        after: deliveryState(after, currency),
        shown: { before: fields(before), after: fields(after) },
      },
    });
    const changed = Object.keys(changes);
    if (context.dryRun) {
      await updateAdSet(session, args.ad_set_id, changes, true);
      const { method, url, body } = nodeUpdateRequest(session, args.ad_set_id, changes, true);
      return {
        text:
          `Dry run: Meta validated the change of ad set ${args.ad_set_id} from ${summary(before)} to ` +
          `${summary(after)}. Nothing was changed.`,
        structured: { ...base, changed, preview: { method, url: new URL(url).pathname, body } },
      };
    }
    await updateAdSet(session, args.ad_set_id, changes, false);
    context.noteChange(fields(before), fields(after));
    const stops = changes.status === 'PAUSED' ? ' A paused ad set stops delivering and spending now.' : '';
    const held =
      changes.status === 'ACTIVE' && before.campaign?.effective_status !== 'ACTIVE'
        ? ` Its campaign ${before.campaign_id} does not run (${before.campaign?.effective_status ?? 'unknown'}): ` +
          'the ad set delivers once the campaign does.'
        : '';
    return {
      text:
        `Updated Meta ad set ${args.ad_set_id} in ${where}: ${summary(before)} -> ${summary(after)}.` +
        stops +
        held,
      structured: { ...base, changed },
    };
  },
});

/**
 * What the key must allow: activating or raising the daily budget starts or raises spend; activating is
 * also judged by the budget the ad set then delivers on (its own, or its campaign's).
 */
function spendChange(
  before: MetaAdSetNode,
  after: MetaAdSetNode,
  changes: NodeChanges,
  currency: string,
): SpendChange {
  const parts: string[] = [];
  let raises = false;
  const activates = changes.status === 'ACTIVE';
  if (activates) {
    parts.push(`activate ad set ${before.id}`);
    raises = true;
  }
  if (changes.status === 'PAUSED') parts.push(`pause ad set ${before.id}`);
  const micros =
    changes.daily_budget === undefined ? undefined : minorToMicros(changes.daily_budget, currency);
  if (micros !== undefined) {
    const raising = changes.daily_budget !== undefined && changes.daily_budget > (before.daily_budget ?? 0);
    raises ||= raising;
    parts.push(
      `${raising ? 'raise' : 'lower'} the daily budget of ad set ${before.id} to ` +
        `${formatMicros(micros, currency)} ${currency}`,
    );
  }
  if (changes.name !== undefined) parts.push(`rename ad set ${before.id}`);
  return {
    what: parts.join(' and '),
    startsOrRaisesSpend: raises,
    ...(micros !== undefined && { dailyBudget: { micros, currency } }),
    ...(activates && { startsDelivery: deliveryBudgets(after, currency) }),
  };
}

function deliveryState(adSet: MetaAdSetNode, currency: string): DeliveryState {
  return {
    active: adSet.status === 'ACTIVE',
    dailyMicros: adSet.daily_budget ? minorToMicros(adSet.daily_budget, currency) : undefined,
  };
}

/** What bounds an ad set's spend: its own daily or lifetime budget, or its campaign's. */
function deliveryBudgets(adSet: MetaAdSetNode, currency: string): DeliveryBudgets {
  const daily = adSet.daily_budget ? minorToMicros(adSet.daily_budget, currency) : undefined;
  const lifetime = adSet.lifetime_budget ? minorToMicros(adSet.lifetime_budget, currency) : undefined;
  return {
    currency,
    dailyMicros: daily,
    lifetimeMicros: lifetime,
    ...(daily === undefined &&
      lifetime === undefined && { elsewhere: `by the budget of its campaign ${adSet.campaign_id}` }),
  };
}
