import { CHANGE_KIND_LABELS } from '../tools/change-kinds.ts';
import { formatTime } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { outcomeClass, outcomeText } from './activity-page.ts';
import { beforeAfterTable, shown } from './approval-view.ts';
import { type ChangeView, platformLabel } from './change-view.ts';

export interface ChangePageView {
  session: SignedIn;
  change: ChangeView;
  /** The attempts to revert this change, newest first. */
  reverts: readonly ChangeView[];
  /** For a change that waits for the owner (202): the approval it is kept as. */
  waitingApproval: string | undefined;
}

/** What the Revert form needs to know of the change it would undo. */
export interface RevertSlotView {
  change: ChangeView;
  /** Whether the change noted the object's fields before and after: only such a change can be put back. */
  hasBeforeAfter: boolean;
  /** The attempts to revert it already made, newest first. */
  reverts: readonly ChangeView[];
  /** The session's form token, for the form's post. */
  csrfToken: string;
}

/** Where the Revert form goes (the revert itself is a later change): nothing for now. */
export function revertSlot(_view: RevertSlotView): SafeHtml {
  return html``;
}

function link(change: ChangeView) {
  return html`<a href="/activity/${change.row.id}">${formatTime(change.row.created_at)}</a> (${change.outcome.label})`;
}

function codes(values: readonly string[]) {
  if (values.length === 0) return html`—`;
  return values.map((value, i) => html`${i > 0 ? ', ' : ''}<code>${value}</code>`);
}

function asked(change: ChangeView) {
  const entries = Object.entries(change.asked);
  if (entries.length === 0) return html`—`;
  return entries.map(([field, value], i) => html`${i > 0 ? ', ' : ''}${field} <code>${shown(value)}</code>`);
}

function facts(view: ChangePageView) {
  const { change, reverts, waitingApproval } = view;
  const { row, approval } = change;
  const approved = approval
    ? html`<dt>Approval</dt><dd><a href="/approvals/${approval.id}">${approval.id}</a>${approval.approvedBy ? `, approved by ${approval.approvedBy}` : ''}</dd>`
    : '';
  const waiting = waitingApproval
    ? html`<dt>Approval</dt><dd><a href="/approvals/${waitingApproval}">${waitingApproval}</a>: kept for your decision</dd>`
    : '';
  const revertOf = row.reverts
    ? html`<dt>Revert of</dt><dd><a href="/activity/${row.reverts}">${row.reverts}</a></dd>`
    : '';
  const revertedBy =
    reverts.length > 0
      ? html`<dt>Reverted by</dt><dd>${reverts.map((revert, i) => html`${i > 0 ? '; ' : ''}${link(revert)}`)}</dd>`
      : '';
  return html`<dl class="facts">
  <dt>When</dt><dd>${formatTime(row.created_at)}</dd>
  <dt>Who</dt><dd>${change.who}</dd>
  <dt>Tool</dt><dd><code>${row.tool}</code></dd>
  <dt>Kind</dt><dd>${change.kinds.map((kind) => CHANGE_KIND_LABELS[kind]).join(', ')}</dd>
  <dt>Platform</dt><dd>${platformLabel(change.platform)}</dd>
  <dt>Account</dt><dd>${row.account_id ? html`<code>${row.account_id}</code>` : '—'}</dd>
  <dt>Object</dt><dd>${change.object}</dd>
  <dt>Asked</dt><dd>${asked(change)}</dd>
  <dt>Outcome</dt><dd${outcomeClass(change)}>${outcomeText(change)}</dd>
  <dt>Request id</dt><dd><code>${row.request_id}</code></dd>
  <dt>Idempotency-Key</dt><dd>${row.idempotency_key ? html`<code>${row.idempotency_key}</code>` : '—'}</dd>
  <dt>Platform request ids</dt><dd>${codes(change.upstreamRequestIds)}</dd>
  ${approved}${waiting}${revertOf}${revertedBy}
  <dt>Change id</dt><dd><code>${row.id}</code></dd>
</dl>`;
}

function beforeAfter(change: ChangeView) {
  if (!change.before || !change.after)
    return html`<p class="muted">No before and after were noted for this call.</p>`;
  return beforeAfterTable(
    { before: change.before, after: change.after, object: change.object },
    `Before → after of ${change.object}`,
  );
}

export function changePage(view: ChangePageView) {
  const { change } = view;
  const body = html`${facts(view)}
${beforeAfter(change)}
${revertSlot({
  change,
  hasBeforeAfter: change.before !== undefined && change.after !== undefined,
  reverts: view.reverts,
  csrfToken: view.session.csrfToken,
})}
<p><a href="/activity">All activity</a></p>`;
  return page({
    title: `Change: ${change.row.tool}`,
    session: view.session,
    section: '/activity',
    body,
  });
}
