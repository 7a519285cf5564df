import { roleAllows } from '../roles.ts';
import type { Approval } from '../storage/schema.ts';
import { type ApprovalStatus, statusOf } from '../tools/approvals/approval-object.ts';
import { formatTime } from '../web/format.ts';
import { html } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';
import {
  beforeAfterTable,
  changeOf,
  driftTable,
  objectTitle,
  outcomeText,
  requestFacts,
} from './approval-view.ts';

export interface ApprovalView {
  session: SignedIn;
  approval: Approval;
  now: Date;
  notice?: Notice | undefined;
  /** Why approving would write nothing now: the key or app that asked is gone, or agents are stopped. */
  gone?: string | undefined;
}

/** Approve and Reject while it waits; Approve again while an approved change is not applied yet. */
function decisionForms(approval: Approval, status: ApprovalStatus, csrfToken: string) {
  if (status !== 'pending' && status !== 'approved') return html``;
  const approve = html`<form method="post" action="/approvals/${approval.id}/approve">
    ${csrfInput(csrfToken)}
    <button type="submit">${status === 'pending' ? 'Approve' : 'Approve again'}</button>
  </form>`;
  if (status === 'approved') return html`<div class="actions">${approve}</div>`;
  return html`<h2>Your decision</h2>
<p>Approve: adops makes this change now, once, as the key that asked and within its limits as they are
now, if it still shows what is under “Before”; if it changed, or the key is gone, nothing is made. Reject: nothing is made, and the agent is told so.</p>
<div class="actions">
  ${approve}
  <form method="post" action="/approvals/${approval.id}/reject">
    ${csrfInput(csrfToken)}
    <button type="submit" class="danger">Reject</button>
  </form>
</div>`;
}

export function approvalPage(view: ApprovalView) {
  const { approval, now } = view;
  const change = changeOf(approval);
  const status = statusOf(approval, now);
  const first = approval.first_approved_at
    ? html`<dt>First approval</dt><dd>${formatTime(approval.first_approved_at)} by ${approval.first_approved_by ?? '—'}</dd>`
    : '';
  const decided = approval.decided_at
    ? html`${first}<dt>Decided</dt><dd>${formatTime(approval.decided_at)} by ${approval.decided_by ?? '—'}</dd>`
    : first;
  const body = html`<p class="lead">${change.what}</p>
<dl class="facts">
  <dt>Status</dt><dd>${statusBadge(status)}</dd>
  <dt>Result</dt><dd>${outcomeText(approval, status)}</dd>
  ${requestFacts(approval, change, view.session.locale)}
  <dt>Expires</dt><dd>${formatTime(approval.expires_at)}</dd>
  ${decided}
  <dt>Approval id</dt><dd>${idCode(approval.id)}</dd>
</dl>
${view.gone ? html`<p class="notice notice-error" role="status"><strong>Approving writes nothing now.</strong> ${view.gone}</p>` : ''}
${beforeAfterTable(change, `Before → after of ${change.object}`)}
${status === 'drifted' ? driftTable(approval) : ''}
${
  roleAllows(view.session.member.role, 'approver')
    ? decisionForms(approval, status, view.session.csrfToken)
    : status === 'pending'
      ? html`<p class="muted">Your role, ${view.session.member.role}, does not decide approvals: an approver or an admin of the workspace does.</p>`
      : ''
}
<p><a href="/approvals">All approvals</a></p>`;
  return page({
    title: `Approval: ${objectTitle(change)}`,
    session: view.session,
    section: '/approvals',
    notice: view.notice,
    body,
  });
}
