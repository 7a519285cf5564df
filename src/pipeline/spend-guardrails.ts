import type { Caller } from '../caller.ts';
import { formatMicros } from '../money.ts';
import {
  type AmountChange,
  amountsOf,
  type Change,
  type DeliveryState,
  liftsSpend,
  type ObjectChange,
  raises,
} from '../tools/changes/change.ts';
import { amountWords, kindWords } from '../tools/changes/object-words.ts';
import { amount, holderOf } from './key-checks.ts';

/** Ten times or more the reference: most often an amount in minor units (cents) sent as major units. */
const TENFOLD = 10;

const CENTS =
  'is never applied directly: an amount in minor units (cents) sent as major units is the usual cause, so ' +
  'check the amount.';

/** Whose guardrail holds the change back, mid-sentence: `this API key`, `the access the owner gave X`. */
function guardedBy(caller: Caller): string {
  const holder = holderOf(caller);
  return holder.charAt(0).toLowerCase() + holder.slice(1);
}

/**
 * The value a raise of a field is judged from: the lowest it had in the last 24 hours (as the service's
 * own changes recorded it), or its current value when that is lower. Two steps of nine times each then
 * wait at the second, as one step of eighty-one would.
 */
export type LowestRecently = (object: ObjectChange, field: AmountChange) => number | undefined;

interface Reference {
  micros: number;
  /** Whether it is the lowest value of the last 24 hours rather than the current one. */
  recent: boolean;
}

function referenceOf(
  object: ObjectChange,
  field: AmountChange,
  lowest: LowestRecently,
): Reference | undefined {
  if (field.before === null || field.before <= 0) return undefined;
  const recent = lowest(object, field);
  if (recent !== undefined && recent > 0 && recent < field.before) return { micros: recent, recent: true };
  return { micros: field.before, recent: false };
}

/** A budget, or a bid: what the rule's sentence calls the field. */
function noun(field: AmountChange): string {
  return field.money === 'bid' ? 'bid' : 'budget';
}

function tenfoldReason(what: string, field: AmountChange, asked: number, ref: Reference, currency: string) {
  const times = Math.floor(asked / ref.micros);
  const from = amount(ref.micros, currency);
  const value = ref.recent ? 'its lowest value in the last 24 hours' : 'its current value';
  return (
    `It sets ${what} to ${amount(asked, currency)}, ${times} times ` +
    `${ref.recent ? `${from}, its lowest value in the last 24 hours` : `its current ${from}`}. ` +
    `A ${noun(field)} ten times or more ${value} ${CENTS}`
  );
}

function raiseReason(what: string, asked: number, ref: Reference, currency: string, caller: Caller) {
  const percent = Math.round(((asked - ref.micros) * 100) / ref.micros);
  const from = amount(ref.micros, currency);
  return (
    `It raises ${what} by ${percent}%${ref.recent ? ' within 24 hours' : ''} (from ` +
    `${ref.recent ? `${from}, its lowest value in the last 24 hours,` : from} to ${amount(asked, currency)}), ` +
    `and ${guardedBy(caller)} may raise a budget or a bid by at most ${caller.limits.maxRaisePercent}% ` +
    "without the owner's approval."
  );
}

/**
 * Why a change must wait for the owner's approval (docs/approvals.md), or undefined when it may be made
 * directly, judged field by field at whatever level: an amount (a daily or lifetime budget, a bid) set to
 * ten times or more its reference (for any caller; a new object's daily budget against the account's
 * typical one), a raise beyond the caller's `maxRaisePercent` of its reference, any spend change of a
 * caller whose `approval` is `spend`.
 */
export function approvalReason(caller: Caller, change: Change, lowest: LowestRecently): string | undefined {
  const { currency } = change;
  const tenfold: string[] = [];
  const beyondRaise: string[] = [];
  const { maxRaisePercent, approval } = caller.limits;
  for (const object of change.objects) {
    for (const field of amountsOf(object)) {
      if (!raises(field) || field.after === null) continue;
      const asked = field.after;
      const what = `the ${amountWords(field.money)} of ${object.label}`;
      if (object.created) {
        const typical = object.typicalDailyInAccount;
        if (
          field.money === 'daily_budget' &&
          typical !== undefined &&
          typical > 0 &&
          asked >= TENFOLD * typical
        ) {
          tenfold.push(
            `It gives a new ${kindWords(object.ref.kind)} a daily budget of ${amount(asked, currency)}, ` +
              `${Math.floor(asked / typical)} times the typical daily budget in the account (the median of ` +
              `its active ones, ${amount(typical, currency)}). A budget ten times or more ${CENTS}`,
          );
        }
        continue;
      }
      const reference = referenceOf(object, field, lowest);
      if (!reference) continue;
      if (asked >= TENFOLD * reference.micros) {
        tenfold.push(tenfoldReason(what, field, asked, reference, currency));
      } else if (
        maxRaisePercent !== null &&
        (asked - reference.micros) * 100 > reference.micros * maxRaisePercent
      ) {
        beyondRaise.push(raiseReason(what, asked, reference, currency, caller));
      }
    }
  }
  if (tenfold.length > 0) return tenfold.join(' ');
  if (beyondRaise.length > 0) return beyondRaise.join(' ');
  if (approval === 'spend' && liftsSpend(change)) {
    return `The owner approves every spend change of ${guardedBy(caller)}, and this call would ${change.what}.`;
  }
  return undefined;
}

/** The projected effect of a change on spend, as dry runs and approvals show it. */
export interface Impact {
  currency: string;
  /** What the objects may spend a day after the change minus before, with a sign; null when unknown. */
  projected_daily_delta: string | null;
  /** The daily delta over the days left in the month, today included; null when unknown. */
  projected_period_delta: string | null;
  period_end: string;
}

/** What an object may spend a day: its daily budget while it may deliver, nothing while paused. */
function dailySpend(state: DeliveryState | undefined): number | undefined {
  if (!state?.active) return 0;
  return state.dailyMicros;
}

function signed(micros: number, currency: string): string {
  return `${micros > 0 ? '+' : ''}${formatMicros(micros, currency)}`;
}

/**
 * The change's projected daily delta: the sum of its objects' daily spend after minus before. Unknown
 * when an object's daily spend is not bounded by a daily budget of its own, or when a bid moves (what a
 * bid does to spend within the budget is the auction's).
 */
function dailyDelta(change: Change): number | undefined {
  let delta = 0;
  for (const object of change.objects) {
    if (object.fields.some((field) => field.money === 'bid' || field.money === 'lifetime_budget')) {
      return undefined;
    }
    const before = dailySpend(object.delivery.before);
    const after = dailySpend(object.delivery.after);
    if (before === undefined || after === undefined) return undefined;
    delta += after - before;
  }
  return delta;
}

export function impactOf(change: Change, now: Date): Impact {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const daysLeft = lastDay.getUTCDate() - now.getUTCDate() + 1;
  const delta = dailyDelta(change);
  return {
    currency: change.currency,
    projected_daily_delta: delta === undefined ? null : signed(delta, change.currency),
    projected_period_delta: delta === undefined ? null : signed(delta * daysLeft, change.currency),
    period_end: lastDay.toISOString().slice(0, 10),
  };
}
