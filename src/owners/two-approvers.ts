import { decimalToMicros, formatMicros } from '../money.ts';
import type { Approval, User } from '../storage/schema.ts';
import type { ApprovalChange } from '../tools/approvals/approval-object.ts';
import { amountsText, parseAmounts } from './amounts.ts';

/**
 * The amount a day above which the workspace wants two approvers for this change, in words, or undefined
 * when one will do. A change whose daily spend cannot be projected counts as above: unknown is not small.
 */
export function twoApproversThreshold(workspace: User, approval: Approval): string | undefined {
  if (!workspace.two_approvers_above) return undefined;
  const thresholds = JSON.parse(workspace.two_approvers_above) as Record<string, number>;
  const change = JSON.parse(approval.change) as ApprovalChange;
  const threshold = thresholds[change.currency];
  if (threshold === undefined) return undefined;
  const delta = change.projected_daily_delta;
  // Signed, like `+25.00`: a change that lowers spend is below any amount.
  if (delta !== null && (delta.startsWith('-') || decimalToMicros(delta.replace(/^\+/, '')) <= threshold))
    return undefined;
  return `${formatMicros(threshold, change.currency)} ${change.currency} a day`;
}

/** `500:USD, 400 EUR` as the amounts a day per currency; empty: null, one approver always. */
export function parseTwoApproversAbove(text: string): Record<string, number> | null {
  return parseAmounts(text, 'an amount a day');
}

/** The amounts as the form shows them: `500.00:USD, 400.00:EUR`. */
export function twoApproversAboveText(workspace: { two_approvers_above: string | null }): string {
  return amountsText(workspace.two_approvers_above);
}
