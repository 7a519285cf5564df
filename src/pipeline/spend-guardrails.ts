import type { Caller } from '../caller.ts';
import { formatMicros } from '../money.ts';
import type { DeliveryState, SpendChange } from '../tools/tool.ts';
import { amount, holderOf } from './key-checks.ts';

/** Ten times or more the current budget: most often an amount in minor units (cents) sent as major units. */
const TENFOLD = 10;

/** Whose guardrail holds the change back, mid-sentence: `this API key`, `the access the owner gave X`. */
function guardedBy(caller: Caller): string {
  const holder = holderOf(caller);
  return holder.charAt(0).toLowerCase() + holder.slice(1);
}

/**
 * Why a change must wait for the owner's approval (docs/approvals.md), or undefined when it may be made
 * directly: a budget set to ten times or more its current value (for any caller), a raise beyond the
 * caller's `maxRaisePercent`, any spend change of a caller whose `approval` is `spend`.
 */
export function approvalReason(caller: Caller, change: SpendChange): string | undefined {
  const reasons: string[] = [];
  const target = change.target;
  const asked = change.dailyBudget?.micros;
  const current = target?.before?.dailyMicros;
  const currency = change.dailyBudget?.currency ?? target?.currency ?? '';
  if (asked !== undefined && current !== undefined && current > 0 && asked >= TENFOLD * current) {
    reasons.push(
      `It sets the daily budget of campaign ${target?.campaignId} to ${amount(asked, currency)}, ` +
        `${Math.floor(asked / current)} times its current ${amount(current, currency)}. A budget ten times ` +
        'or more its current value is never applied directly: an amount in minor units (cents) sent as ' +
        'major units is the usual cause, so check the amount.',
    );
  }
  const largest = target?.largestDailyInAccount;
  if (asked !== undefined && !target?.before && largest !== undefined && largest > 0) {
    if (asked >= TENFOLD * largest) {
      reasons.push(
        `It gives a new campaign a daily budget of ${amount(asked, currency)}, ${Math.floor(asked / largest)} ` +
          `times the largest daily budget in the account (${amount(largest, currency)}). A budget ten ` +
          'times or more is never applied directly: an amount in minor units (cents) sent as major units ' +
          'is the usual cause, so check the amount.',
      );
    }
  }
  const { maxRaisePercent, approval } = caller.limits;
  if (reasons.length === 0 && maxRaisePercent !== null && asked !== undefined && current !== undefined) {
    if (current > 0 && asked > current && (asked - current) * 100 > current * maxRaisePercent) {
      const percent = Math.round(((asked - current) * 100) / current);
      reasons.push(
        `It raises the daily budget of campaign ${target?.campaignId} by ${percent}% (from ` +
          `${amount(current, currency)} to ${amount(asked, currency)}), and ${guardedBy(caller)} may raise ` +
          `a budget by at most ${maxRaisePercent}% without the owner's approval.`,
      );
    }
  }
  if (reasons.length === 0 && approval === 'spend' && (change.startsOrRaisesSpend || change.startsDelivery)) {
    reasons.push(
      `The owner approves every spend change of ${guardedBy(caller)}, and this call would ${change.what}.`,
    );
  }
  return reasons.length > 0 ? reasons.join(' ') : undefined;
}

/** The projected effect of a change on spend, as dry runs and approvals show it. */
export interface Impact {
  currency: string;
  /** What the campaign may spend a day after the change minus before, with a sign; null when unknown. */
  projected_daily_delta: string | null;
  /** The daily delta over the days left in the month, today included; null when unknown. */
  projected_period_delta: string | null;
  period_end: string;
}

/** What a campaign may spend a day: its daily budget while it may deliver, nothing while paused. */
function dailySpend(state: DeliveryState | undefined): number | undefined {
  if (!state?.active) return 0;
  return state.dailyMicros;
}

function signed(micros: number, currency: string): string {
  return `${micros > 0 ? '+' : ''}${formatMicros(micros, currency)}`;
}

export function impactOf(change: SpendChange, now: Date): Impact | undefined {
  const target = change.target;
  if (!target) return undefined;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const daysLeft = lastDay.getUTCDate() - now.getUTCDate() + 1;
  const before = dailySpend(target.before);
  const after = dailySpend(target.after);
  const delta = before === undefined || after === undefined ? undefined : after - before;
  return {
    currency: target.currency,
    projected_daily_delta: delta === undefined ? null : signed(delta, target.currency),
    projected_period_delta: delta === undefined ? null : signed(delta * daysLeft, target.currency),
    period_end: lastDay.toISOString().slice(0, 10),
  };
}
