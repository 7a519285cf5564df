import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { allowsAccount } from '../../key-limits.ts';
import { formatMicros, microsToMinor, minorToMicros } from '../../money.ts';
import { PlatformSession } from '../../platforms/session.ts';
import {
  MAX_CAMPAIGN_NAME_LENGTH,
  type MetaCampaignNode,
  readCampaign,
  updateCampaign,
} from '../../platforms/social/campaign-update.ts';
import {
  type NodeChanges,
  nodeChanges,
  nodeUpdateRequest,
  withChanges,
} from '../../platforms/social/node-update.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, changingOneOf, digitsId, dryRun, text } from '../arguments.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { type DeliveryBudgets, type DeliveryState, defineTool, type SpendChange } from '../tool.ts';
import { minorBudget } from './ad-objects.ts';

const TOOL = 'update_social_campaign';
/** Campaigns Meta no longer changes but to delete them: they stay readable by id. */
const FINISHED = ['ARCHIVED', 'DELETED'];

const shownSchema = z.object({
  name: z.string().describe('The campaign name.'),
  ...STATUS_FIELDS,
  daily_budget: z.string().nullable().describe('Its daily campaign budget; null when it has none.'),
  lifetime_budget: z.string().nullable().describe('Its lifetime campaign budget; null when it has none.'),
});

/** Where a campaign without a daily budget keeps its budget, and what to change instead. */
function budgetElsewhere(campaign: MetaCampaignNode, currency: string): string {
  const lifetime = minorBudget(campaign.lifetime_budget, currency);
  return lifetime
    ? `campaign ${campaign.id} has a lifetime budget (${lifetime} ${currency} for its whole run), and Meta ` +
        "cannot switch a campaign's budget type after it is published; change its lifetime budget in Meta " +
        'Ads Manager, or create a new campaign with a daily budget'
    : `campaign ${campaign.id} has no campaign budget: its budgets are set on each of its ad sets ` +
        '(Advantage campaign budget is off), so a daily budget cannot be set on the campaign; change the ad ' +
        "sets' budgets in Meta Ads Manager";
}

export const updateSocialCampaign = defineTool({
  name: TOOL,
  description:
    "Changes a Meta campaign's status, daily budget or name; answers before and after. Activating or raising needs the spend scope. Billable: one quota unit.",
  guidance:
    "Changes a Meta campaign's status (ACTIVE or PAUSED), its daily budget, its name, or several at once; " +
    'the answer shows the campaign before and after. Use it to pause a campaign that wastes money, move ' +
    'budget to one that works, or switch one back on. The daily budget is in the account currency and ' +
    'applies to campaigns with a campaign budget: one on a lifetime budget, or with budgets on its ad sets, ' +
    'is refused with where its budget lives. Archived and deleted campaigns cannot be changed. A change ' +
    'that would do nothing is answered as such without writing. Activating or raising a budget needs a key ' +
    'with the spend scope. Billable: one quota unit; pass dry_run to have Meta validate the change first. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'social',
  billable: true,
  changesSpend: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: changingOneOf(
    z.strictObject({
      campaign_id: digitsId().describe('The campaign to change (digits), as list_social_campaigns shows it.'),
      status: statusChange('social')
        .optional()
        .describe('ACTIVE to run the campaign, PAUSED to stop its delivery (and spend) from now on.'),
      daily_budget: amountArgument()
        .optional()
        .describe('New daily budget in the account currency; for a campaign with a daily campaign budget.'),
      name: text(MAX_CAMPAIGN_NAME_LENGTH)
        .optional()
        .describe(`New campaign name, up to ${MAX_CAMPAIGN_NAME_LENGTH} characters.`),
      ad_account_id: accountArgument('social'),
      dry_run: dryRun,
    }),
    'status',
    'daily_budget',
    'name',
  ),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
    campaign_id: z.string().describe('The campaign changed.'),
    name: z.string().describe('Its name after the change.'),
    currency: z.string().describe('The currency of the budgets.'),
    before: shownSchema.describe('The campaign before the change.'),
    after: shownSchema.describe('The campaign after it (as it would be, on a dry run).'),
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
      "cannot be changed by this tool: it changes daily budgets only. Change a campaign's lifetime budget " +
      'in Meta Ads Manager',
    effective_status:
      'is what Meta runs, not a setting: pass status (ACTIVE or PAUSED) to change what the campaign is set to',
  },
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, budget: 'daily_budget' },
  auditFields: ['campaign_id', 'status', 'daily_budget', 'name'],
  example: { ad_account_id: 'act_310000000000001', campaign_id: '120210000000000101', daily_budget: 150 },
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
    const { currency } = account;
    const accountId = account.account_id;
    const where = `Meta ad account ${accountId} (${account.name})`;
    const session = await PlatformSession.open(context, socialProtocol);
    const before = await readCampaign(session, args.campaign_id);
    const owner = before && `act_${before.account_id}`;
    // A campaign of an account the caller may not act on does not exist for it: nothing of it is told.
    if (!before || !owner || !allowsAccount(context.caller.limits, 'social', owner)) {
      const limited = context.caller.limits.accounts === null ? '' : " among this caller's accounts";
      throw new AppError(
        'upstream_rejected',
        `Meta has no campaign ${args.campaign_id}${limited} that this connection can see, so none in ${where}. ` +
          'Check the id with list_social_campaigns, or pass ad_account_id when several ad accounts are connected.',
      );
    }
    if (owner !== accountId) {
      throw new AppError(
        'upstream_rejected',
        `Campaign ${args.campaign_id} ("${before.name}") belongs to Meta ad account ${owner}, not to ${where}. ` +
          `Pass ad_account_id: "${owner}" to change it (list_connected_accounts shows the connected accounts).`,
      );
    }
    const finished = [before.status, before.effective_status].find((s) => FINISHED.includes(s));
    if (finished) {
      throw new AppError(
        'upstream_rejected',
        `Campaign ${args.campaign_id} ("${before.name}") in ${where} is ${finished.toLowerCase()}, and Meta ` +
          'does not change archived or deleted campaigns. Create a new campaign, or duplicate this one in ' +
          'Meta Ads Manager.',
      );
    }
    let budgetMinor: number | undefined;
    if (args.daily_budget !== undefined) {
      if (!before.daily_budget)
        throw invalidArguments(TOOL, [{ field: 'daily_budget', message: budgetElsewhere(before, currency) }]);
      const micros = amountInCurrency(TOOL, 'daily_budget', args.daily_budget, currency);
      budgetMinor = microsToMinor(micros, currency);
    }
    const changes = nodeChanges(before, { status: args.status, daily_budget: budgetMinor, name: args.name });
    const after = withChanges(before, changes);
    const fields = (c: MetaCampaignNode) => ({
      name: c.name,
      ...statusFields('social', c.status),
      daily_budget: minorBudget(c.daily_budget, currency),
      lifetime_budget: minorBudget(c.lifetime_budget, currency),
    });
    const summary = (c: MetaCampaignNode) => {
      const daily = minorBudget(c.daily_budget, currency);
      return `"${c.name}", ${c.status}, ${daily ? `daily budget ${daily} ${currency}` : 'no daily campaign budget'}`;
    };
    const base = {
      ad_account_id: accountId,
      campaign_id: args.campaign_id,
      name: after.name,
      currency,
      before: fields(before),
      after: fields(after),
      dry_run: context.dryRun,
    };
    if (Object.keys(changes).length === 0) {
      return {
        text:
          `Nothing to change: campaign ${args.campaign_id} in ${where} is already ${summary(before)}. ` +
          'Nothing was sent to Meta.',
        structured: { ...base, changed: [] },
      };
    }
    context.authorizeChange({
      ...spendChange(before, after, changes, currency),
      target: {
        campaignId: args.campaign_id,
        currency,
        before: deliveryState(before, currency),
        after: deliveryState(after, currency),
        shown: { before: fields(before), after: fields(after) },
      },
    });
    const changed = Object.keys(changes);
    if (context.dryRun) {
      await updateCampaign(session, args.campaign_id, changes, true);
      const { method, url, body } = nodeUpdateRequest(session, args.campaign_id, changes, true);
      return {
        text:
          `Dry run: Meta validated the change of campaign ${args.campaign_id} from ${summary(before)} to ` +
          `${summary(after)}. Nothing was changed.`,
        structured: { ...base, changed, preview: { method, url: new URL(url).pathname, body } },
      };
    }
    await updateCampaign(session, args.campaign_id, changes, false);
    context.noteChange(fields(before), fields(after));
    const stops = changes.status === 'PAUSED' ? ' A paused campaign stops delivering and spending now.' : '';
    return {
      text:
        `Updated Meta campaign ${args.campaign_id} in ${where}: ${summary(before)} -> ${summary(after)}.` +
        stops,
      structured: { ...base, changed },
    };
  },
});

/**
 * What the key must allow: activating or raising the daily budget starts or raises spend; activating is
 * also judged by the budget the campaign then delivers on (its daily or lifetime budget, or its ad sets').
 */
function spendChange(
  before: MetaCampaignNode,
  after: MetaCampaignNode,
  changes: NodeChanges,
  currency: string,
): SpendChange {
  const parts: string[] = [];
  let raises = false;
  const activates = changes.status === 'ACTIVE';
  if (activates) {
    parts.push(`activate campaign ${before.id}`);
    raises = true;
  }
  if (changes.status === 'PAUSED') parts.push(`pause campaign ${before.id}`);
  const micros =
    changes.daily_budget === undefined ? undefined : minorToMicros(changes.daily_budget, currency);
  if (micros !== undefined) {
    const raising = changes.daily_budget !== undefined && changes.daily_budget > (before.daily_budget ?? 0);
    raises ||= raising;
    parts.push(
      `${raising ? 'raise' : 'lower'} the daily budget of campaign ${before.id} to ` +
        `${formatMicros(micros, currency)} ${currency}`,
    );
  }
  if (changes.name !== undefined) parts.push(`rename campaign ${before.id}`);
  return {
    what: parts.join(' and '),
    startsOrRaisesSpend: raises,
    ...(micros !== undefined && { dailyBudget: { micros, currency } }),
    ...(activates && { startsDelivery: deliveryBudgets(after, currency) }),
  };
}

function deliveryState(campaign: MetaCampaignNode, currency: string): DeliveryState {
  return {
    active: campaign.status === 'ACTIVE',
    dailyMicros: campaign.daily_budget ? minorToMicros(campaign.daily_budget, currency) : undefined,
  };
}

/** What bounds a campaign's spend: its daily or lifetime campaign budget, or its ad sets' budgets. */
function deliveryBudgets(campaign: MetaCampaignNode, currency: string): DeliveryBudgets {
  const daily = campaign.daily_budget ? minorToMicros(campaign.daily_budget, currency) : undefined;
  const lifetime = campaign.lifetime_budget ? minorToMicros(campaign.lifetime_budget, currency) : undefined;
  return {
    currency,
    dailyMicros: daily,
    lifetimeMicros: lifetime,
    ...(daily === undefined &&
      lifetime === undefined && { elsewhere: 'by the budgets of its ad sets (it has no campaign budget)' }),
  };
}
