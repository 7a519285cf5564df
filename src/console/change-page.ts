import type { RevertPlan } from '../owners/revert-change.ts';
import { CHANGE_KIND_LABELS } from '../tools/change-kinds.ts';
import { formatTime } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { outcomeText } from './activity-page.ts';
import { beforeAfterTable, shown } from './approval-view.ts';
import { type ChangeView, platformLabel } from './change-view.ts';

export interface ChangePageView {
  session: SignedIn;
  notice?: Notice | undefined;
  /** How the change would be undone, or why it cannot be. */
  revert: RevertPlan | { refused: string };
  change: ChangeView;
  /** The attempts to revert this change, newest first. */
  reverts: readonly ChangeView[];
  /** For a change that waits for the owner (202): the approval it is kept as. */
  waitingApproval: string | undefined;
}

/**
 * The Revert form: what it would put back, with one button; or the revert already made; or why this
 * change cannot be reverted.
 */
function revertSection(view: ChangePageView): SafeHtml {
  const { change, revert, reverts } = view;
  if (change.row.status !== 200) return html``;
  const applied = reverts.find((attempt) => attempt.row.status === 200);
  let content: SafeHtml;
  if (applied) {
    content = html`<p>Reverted on ${link(applied)}: the campaign went back to what it had before.</p>`;
  } else if ('refused' in revert) {
    content = html`<p class="muted">${revert.refused}</p>`;
  } else {
    const puts = Object.entries(revert.restores).map(
      ([field, value], i) =>
        html`${i > 0 ? '; ' : ''}${field} back to <code>${shown(value)}</code> (this change set <code>${shown(revert.after[field])}</code>)`,
    );
    content = html`<p>Sets ${puts}, as you, through the same checks as any change, and without using your quota. Only while
${change.object} still shows what this change left: if it changed since, nothing is written and you are told what changed.</p>
<form method="post" action="/activity/${change.row.id}/revert">
  ${csrfInput(view.session.csrfToken)}
  <button type="submit">Revert<span class="visually-hidden"> this change</span></button>
</form>`;
  }
  return html`<section class="card" aria-labelledby="revert-title">
<h2 id="revert-title">Revert</h2>
${content}
</section>`;
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
  <dt>Account</dt><dd>${row.account_id ? idCode(row.account_id) : '—'}</dd>
  <dt>Object</dt><dd>${change.object}</dd>
  <dt>Asked</dt><dd>${asked(change)}</dd>
  <dt>Outcome</dt><dd>${outcomeText(change)}</dd>
  <dt>Request id</dt><dd><code>${row.request_id}</code></dd>
  <dt>Idempotency-Key</dt><dd>${row.idempotency_key ? html`<code>${row.idempotency_key}</code>` : '—'}</dd>
  <dt>Platform request ids</dt><dd>${codes(change.upstreamRequestIds)}</dd>
  ${approved}${waiting}${revertOf}${revertedBy}
  <dt>Change id</dt><dd>${idCode(row.id)}</dd>
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
${revertSection(view)}
<p><a href="/activity">All activity</a></p>`;
  return page({
    title: `Change: ${change.row.tool}`,
    session: view.session,
    section: '/activity',
    notice: view.notice,
    body,
  });
}
