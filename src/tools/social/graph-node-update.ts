import { AppError } from '../../errors.ts';
import { allowsAccount } from '../../key-limits.ts';
import { formatMicros, microsToMinor, minorToMicros } from '../../money.ts';
import type { PlatformSession } from '../../platforms/session.ts';
import { type NodeChanges, nodeUpdateRequest, updateNode } from '../../platforms/social/node-update.ts';
import type { DeliveryBudgets } from '../changes/change.ts';
import { kindWords } from '../changes/object-words.ts';
import type { FieldValue, ObjectUpdate } from '../changes/update-object.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { platformStatus, type Status, statusFields } from '../status-vocabulary.ts';
import type { ToolContext } from '../tool.ts';
import { minorBudget } from './ad-objects.ts';

/** What Meta's campaign and ad set share as Graph reads them by id: budgets in the currency's minor unit. */
export interface GraphNode {
  id: string;
  /** The ad account's digits, without `act_`. */
  account_id: string;
  name: string;
  status: string;
  effective_status: string;
  daily_budget?: number | undefined;
  lifetime_budget?: number | undefined;
}

/** Statuses Meta no longer changes but to delete (the node's own, or the one it runs under). */
const FINISHED = ['ARCHIVED', 'DELETED'];

/** What differs between a campaign and an ad set: how to read one, and the words about it. */
export interface NodeKind<Node extends GraphNode> {
  kind: 'campaign' | 'ad_set';
  /** The tool, for its refusals of arguments. */
  tool: string;
  /** `GET /{id}`: the node, deleted ones too; undefined when Meta has none the token may see. */
  read(session: PlatformSession, id: string): Promise<Node | undefined>;
  /** The tool that lists them, for an unknown id: `list_social_campaigns`. */
  lister: string;
  /** The node's campaign: itself for a campaign. */
  campaignId(node: Node): string;
  /** What else names it in the answer, beside ad_account_id and the name (`ad_set_id`, `campaign_id`). */
  ids(node: Node): Record<string, string>;
  /** How its summary says it holds no daily budget: `no daily campaign budget`. */
  noDaily: string;
  /** What an archived or deleted one may run under, when its own status is not: `its campaign`. */
  finishedWith?: string;
  /** What to do instead of changing an archived or deleted one. */
  finishedAdvice: string;
  /** Where its spend is bounded without a budget of its own, after "bounded". */
  elsewhere(node: Node): string;
  /** Why it takes no daily budget (it has a lifetime one, or its budget lives elsewhere), and what to do. */
  noDailyBudget(session: PlatformSession, node: Node, currency: string): string | Promise<string>;
}

function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Of the engine's changes, the fields `POST /{id}` sends: the daily budget in minor units. */
function nodeChanges(changes: Readonly<Record<string, FieldValue>>, currency: string): NodeChanges {
  return {
    ...(changes.status !== undefined && { status: changes.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED' }),
    ...(typeof changes.daily_budget === 'number' && {
      daily_budget: microsToMinor(changes.daily_budget, currency),
    }),
    ...(changes.name !== undefined && { name: String(changes.name) }),
  };
}

/** The one request in words: `pause the ad set, set its daily budget to 20.00 USD and rename it`. */
function actionOf(noun: string, changes: NodeChanges, currency: string): string {
  const parts: string[] = [];
  const subject = (possessive: boolean) =>
    parts.length > 0 ? (possessive ? 'its' : 'it') : `the ${noun}${possessive ? "'s" : ''}`;
  if (changes.status) parts.push(`${changes.status === 'ACTIVE' ? 'activate' : 'pause'} ${subject(false)}`);
  if (changes.daily_budget !== undefined) {
    const micros = minorToMicros(changes.daily_budget, currency);
    parts.push(`set ${subject(true)} daily budget to ${formatMicros(micros, currency)} ${currency}`);
  }
  if (changes.name !== undefined) parts.push(`rename ${subject(false)}`);
  const last = parts.pop() ?? `update the ${noun}`;
  return parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
}

/**
 * The update of a Meta campaign or ad set, whichever `kind` says: both are Graph nodes changed by one
 * `POST /{id}` (status, daily budget in minor units, name), which Meta validates on a dry run
 * (`execution_options=["validate_only"]`). Refused as the account would: a node of an account the caller
 * may not act on is unknown to it, one of another connected account is named, an archived or deleted one
 * is not changed, nor given a daily budget where its budget lives elsewhere.
 */
export function nodeUpdate<Node extends GraphNode>(
  context: ToolContext,
  session: PlatformSession,
  kind: NodeKind<Node>,
  args: {
    id: string;
    status?: Status | undefined;
    /** In micros of the account currency, checked against its decimals. */
    dailyBudget?: number | undefined;
    name?: string | undefined;
  },
): ObjectUpdate<Node> {
  const account = context.account;
  if (!account) throw new Error(`${kind.tool} needs the resolved ad account`);
  const { currency } = account;
  const accountId = account.account_id;
  const inAccount = `Meta ad account ${accountId} (${account.name})`;
  const noun = kindWords(kind.kind);
  const { id } = args;
  const micros = (minor: number | undefined) => (minor ? minorToMicros(minor, currency) : undefined);
  const missing = () => {
    const limited = context.caller.limits.accounts === null ? '' : " among this caller's accounts";
    return new AppError(
      'upstream_rejected',
      `Meta has no ${noun} ${id}${limited} that this connection can see, so none in ${inAccount}. ` +
        `Check the id with ${kind.lister}, or pass ad_account_id when several ad accounts are connected.`,
    );
  };
  return {
    platform: 'Meta',
    currency,
    read: () => kind.read(session, id),
    missing,
    async check(before) {
      const owner = `act_${before.account_id}`;
      // A node of an account the caller may not act on does not exist for it: nothing of it is told.
      if (!allowsAccount(context.caller.limits, 'social', owner)) throw missing();
      const named = `${capitalized(noun)} ${id} ("${before.name}")`;
      if (owner !== accountId) {
        throw new AppError(
          'upstream_rejected',
          `${named} belongs to Meta ad account ${owner}, not to ${inAccount}. Pass ad_account_id: ` +
            `"${owner}" to change it (list_connected_accounts shows the connected accounts).`,
        );
      }
      const finished = [before.status, before.effective_status].find((s) => FINISHED.includes(s));
      if (finished) {
        const held = before.status !== finished && kind.finishedWith ? ` with ${kind.finishedWith}` : '';
        throw new AppError(
          'upstream_rejected',
          `${named} in ${inAccount} is ${finished.toLowerCase()}${held}, and Meta does not change archived ` +
            `or deleted ${noun}s. ${kind.finishedAdvice}`,
        );
      }
      if (args.dailyBudget !== undefined && !before.daily_budget) {
        const message = await kind.noDailyBudget(session, before, currency);
        throw invalidArguments(kind.tool, [{ field: 'daily_budget', message }]);
      }
    },
    ref: (node) => ({ kind: kind.kind, id, campaignId: kind.campaignId(node) }),
    label: () => `${noun} ${id}`,
    where: () => `Meta ${noun} ${id} in ${inAccount}`,
    summary(node) {
      const daily = minorBudget(node.daily_budget, currency);
      return `"${node.name}", ${node.status}, ${daily ? `daily budget ${daily} ${currency}` : kind.noDaily}`;
    },
    fields: {
      status: { money: 'delivery', value: (node) => node.status, active: (value) => value === 'ACTIVE' },
      daily_budget: { money: 'daily_budget', value: (node) => micros(node.daily_budget) ?? null },
      name: { money: 'none', value: (node) => node.name },
    },
    wanted: {
      status: args.status === undefined ? undefined : platformStatus('social', args.status),
      daily_budget: args.dailyBudget,
      name: args.name,
    },
    apply(node, changes) {
      return { ...node, ...nodeChanges(changes, currency) };
    },
    shown: (node) => ({
      name: node.name,
      ...statusFields('social', node.status),
      daily_budget: minorBudget(node.daily_budget, currency),
      lifetime_budget: minorBudget(node.lifetime_budget, currency),
    }),
    delivery: (node) => ({ active: node.status === 'ACTIVE', dailyMicros: micros(node.daily_budget) }),
    budgets(node): DeliveryBudgets {
      const daily = micros(node.daily_budget);
      const lifetime = micros(node.lifetime_budget);
      return {
        currency,
        dailyMicros: daily,
        lifetimeMicros: lifetime,
        ...(daily === undefined && lifetime === undefined && { elsewhere: kind.elsewhere(node) }),
      };
    },
    steps(_before, changes) {
      const update = nodeChanges(changes, currency);
      const request = nodeUpdateRequest(session, id, update, false);
      const what = `the ${noun} update`;
      return [
        {
          action: actionOf(noun, update, currency),
          fields: Object.keys(changes),
          shown: ['name', 'status', 'platform_status', 'daily_budget'],
          request: { method: request.method, url: new URL(request.url).pathname, body: request.body },
          validate: () => updateNode(session, id, update, true, what),
          send: () => updateNode(session, id, update, false, what),
        },
      ];
    },
    answer: (before, after) => ({
      ad_account_id: accountId,
      ...kind.ids(before),
      name: after.name,
      currency,
    }),
    async extras(before, after) {
      if (context.dryRun || after.status === before.status || after.status !== 'PAUSED') return {};
      return { text: `A paused ${noun} stops delivering and spending now.` };
    },
  };
}
