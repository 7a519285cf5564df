import { decimalToMicros } from '../money.ts';
import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import type { Approval } from '../storage/schema.ts';
import type { ApprovalChange, ApprovalStatus } from '../tools/approvals/approval-object.ts';
import { formatTime, moneyText, snakeName } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import type { Notice } from '../web/layout.ts';

/** What the stored `result` of a decided approval holds: the applied answer, or why nothing was made. */
interface StoredResult {
  text?: string;
  code?: string;
  message?: string;
  details?: { changed?: string[]; when_asked?: Record<string, unknown>; now?: Record<string, unknown> };
}

export function changeOf(approval: Approval): ApprovalChange {
  return JSON.parse(approval.change) as ApprovalChange;
}

function resultOf(approval: Approval): StoredResult | undefined {
  return approval.result ? (JSON.parse(approval.result) as StoredResult) : undefined;
}

/** `TikTok (video) 7000000001`: the account as the connections page names it. */
export function accountText(change: ApprovalChange): string {
  const platform = change.platform && isPlatform(change.platform) ? PLATFORM_INFO[change.platform].label : '';
  return [platform, change.account].filter(Boolean).join(' ') || '—';
}

/** The object by its name when the platform gave one, its id after: `“Summer sale” (campaign 184…)`. */
export function objectTitle(change: Pick<ApprovalChange, 'before' | 'after' | 'object'>): string {
  const named = [change.after.name, change.before.name, change.before.campaign_name].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return named === undefined ? change.object : `“${named}” (${change.object})`;
}

/** Who asked for what, on which account and campaign, what it would spend and why it waits. */
export function requestFacts(approval: Approval, change: ApprovalChange, locale: string): SafeHtml {
  return html`<dt>Asked by</dt><dd>${approval.requested_by}, ${formatTime(approval.created_at)}</dd>
  <dt>Tool</dt><dd><code>${change.tool}</code></dd>
  <dt>Account</dt><dd>${accountText(change)}</dd>
  <dt>Object</dt><dd>${objectTitle(change)}</dd>
  <dt>Projected spend</dt><dd>${deltasText(change, locale)}</dd>
  <dt>Why it waits</dt><dd>${approval.reason}</dd>`;
}

/** A field's value as the owner reads it: text as is, nothing as "none", the rest as JSON. */
export function shown(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `budget_mode` as `Budget mode`, the platform's own name kept in its title for those who know it. */
export function fieldLabel(field: string): SafeHtml {
  const words = field.replaceAll('_', ' ');
  return html`<span title="${field}">${words.charAt(0).toUpperCase()}${words.slice(1)}</span>`;
}

/**
 * The campaign before and after the change, one row a field: the fields the change sets first and
 * marked, then the others, so the owner sees what moves and what it moves within.
 */
export function beforeAfterTable(
  change: Pick<ApprovalChange, 'before' | 'after' | 'object'>,
  caption: string,
): SafeHtml {
  const fields = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])];
  const differs = (field: string) => shown(change.before[field]) !== shown(change.after[field]);
  const ordered = [...fields.filter(differs), ...fields.filter((field) => !differs(field))];
  if (ordered.length === 0)
    return html`<p class="muted">No fields to compare: it makes ${change.object}.</p>`;
  const label = (field: string) => fieldLabel(field);
  const before = (field: string) => snakeName(shown(change.before[field]));
  const after = (field: string) => snakeName(shown(change.after[field]));
  const rows = ordered.map((field) =>
    differs(field)
      ? html`<tr class="changed"><th scope="row">${label(field)}</th><td>${before(field)}</td><td><strong>${after(field)}</strong> <span class="muted">(changes)</span></td></tr>`
      : html`<tr><th scope="row">${label(field)}</th><td>${before(field)}</td><td class="muted">${after(field)} (same)</td></tr>`,
  );
  return html`<div class="table-wrap"><table class="before-after wraps">
  <caption>${caption}</caption>
  <thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
  <tbody>${rows}</tbody>
</table></div>`;
}

/** `+4,999,930.00 USD a day, +129,998,180.00 USD until 2026-11-30` in the owner's locale, or what is not known. */
export function deltasText(change: ApprovalChange, locale: string): string {
  // The delta is stored signed ("+720.00"); its digits are read exactly.
  const amount = (delta: string) =>
    moneyText(decimalToMicros(delta.replace(/^\+/, '')), change.currency, locale, true);
  const daily =
    change.projected_daily_delta === null
      ? 'unknown a day (no daily budget to judge by)'
      : `${amount(change.projected_daily_delta)} a day`;
  const period =
    change.projected_period_delta === null
      ? 'unknown for the month'
      : `${amount(change.projected_period_delta)} until ${change.period_end}`;
  return `${daily}, ${period}`;
}

/** One line on what became of a decided approval (or why nothing did), for the list and the notice. */
export function outcomeText(approval: Approval, status: ApprovalStatus): string {
  const result = resultOf(approval);
  switch (status) {
    case 'pending':
      return 'Waiting for your decision.';
    case 'approved':
      return 'Approved, not applied yet: applying it failed for a passing reason (the platform or the database). Approve it again to finish; it is written once.';
    case 'applied':
      return `Applied: ${result?.text ?? 'the change is made.'}`;
    case 'rejected':
      return 'Rejected: nothing was made.';
    case 'expired':
      return 'This approval expired before a decision: nothing was made.';
    case 'drifted':
      return `Not applied (drifted): ${result?.message ?? 'the campaign changed after the approval was asked for.'}`;
    case 'failed':
      return `Not applied (failed): ${result?.message ?? 'the platform refused the change.'}`;
  }
}

/** The notice the approval's page shows after a decision: good news as success, the rest as an alert. */
export function decisionNotice(approval: Approval, status: ApprovalStatus): Notice | undefined {
  if (status === 'pending' && approval.first_approved_by)
    return {
      kind: 'success',
      text: `Approved once, by ${approval.first_approved_by}: this change needs a second approver, someone else.`,
    };
  if (status === 'pending') return undefined;
  const kind = status === 'applied' || status === 'rejected' ? 'success' : 'error';
  return { kind, text: outcomeText(approval, status) };
}

/** For a drifted approval: each field as it was when asked and as it is now. */
export function driftTable(approval: Approval): SafeHtml {
  const details = resultOf(approval)?.details;
  if (!details?.changed?.length) return html``;
  const rows = details.changed.map(
    (field) =>
      html`<tr><th scope="row">${snakeName(field)}</th><td>${snakeName(shown(details.when_asked?.[field]))}</td><td>${snakeName(shown(details.now?.[field]))}</td></tr>`,
  );
  return html`<div class="table-wrap"><table class="wraps">
  <caption>What changed on the campaign since the approval was asked for</caption>
  <thead><tr><th scope="col">Field</th><th scope="col">When asked</th><th scope="col">Now</th></tr></thead>
  <tbody>${rows}</tbody>
</table></div>`;
}
