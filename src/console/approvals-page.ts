import type { Approval } from '../storage/schema.ts';
import { statusOf } from '../tools/approvals/approval-object.ts';
import { formatTime } from '../web/format.ts';
import { html } from '../web/html.ts';
import { type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { beforeAfterTable, changeOf, outcomeText, requestFacts } from './approval-view.ts';

export interface ApprovalsView {
  session: SignedIn;
  /** Waiting and not expired, newest first. */
  pending: Approval[];
  /** The latest decided (or expired) ones, newest first. */
  decided: Approval[];
  now: Date;
  notice?: Notice | undefined;
}

function pendingCard(approval: Approval) {
  const change = changeOf(approval);
  return html`<article class="approval" aria-labelledby="approval-${approval.id}">
  <h3 id="approval-${approval.id}"><a href="/approvals/${approval.id}">${change.what}</a></h3>
  <dl class="facts">
    ${requestFacts(approval, change)}
    <dt>Expires</dt><dd>${formatTime(approval.expires_at)}: nothing is made unless you approve before then</dd>
  </dl>
  ${beforeAfterTable(change, `Before → after of ${change.object}`)}
  <p><a class="button" href="/approvals/${approval.id}">Review and decide<span class="visually-hidden">: ${change.what}</span></a></p>
</article>`;
}

function decidedRow(approval: Approval, now: Date) {
  const change = changeOf(approval);
  const status = statusOf(approval, now);
  return html`<tr>
  <td><a href="/approvals/${approval.id}">${change.what}</a></td>
  <td class="status-${status}">${status}</td>
  <td>${approval.decided_by ?? '—'}</td>
  <td>${formatTime(approval.decided_at)}</td>
  <td>${outcomeText(approval, status)}</td>
</tr>`;
}

const EMPTY = html`<p>Nothing waits for your decision.</p>
<p>When an agent asks for a change its key may not make on its own (a budget ten times or more its
current value, a raise beyond the key's limit, or any spend change of a key set to ask first), adops
makes nothing: it keeps the change here as an approval, and the agent is told to wait. You approve it
(adops then makes it, once, if the campaign has not changed meanwhile) or reject it; undecided, it
expires. The agent follows up with the tool <code>get_approval</code>, described in the
<a href="/docs">API reference</a>; how approvals work is in <code>docs/approvals.md</code> of adops.</p>`;

export function approvalsPage(view: ApprovalsView) {
  const decided =
    view.decided.length === 0
      ? html`<p>No decided approvals yet.</p>`
      : html`<div class="table-wrap"><table class="wraps">
  <caption class="visually-hidden">Your latest decided approvals</caption>
  <thead><tr><th scope="col">Change</th><th scope="col">Status</th><th scope="col">Decided by</th><th scope="col">Decided</th><th scope="col">Result</th></tr></thead>
  <tbody>${view.decided.map((approval) => decidedRow(approval, view.now))}</tbody>
</table></div>`;
  const body = html`<h2>Waiting for you</h2>
${view.pending.length === 0 ? EMPTY : view.pending.map(pendingCard)}
<h2>Decided</h2>
${decided}`;
  return page({
    title: 'Approvals',
    session: view.session,
    section: '/approvals',
    notice: view.notice,
    body,
  });
}
