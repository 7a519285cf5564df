import type { Approval } from '../storage/schema.ts';
import { statusOf } from '../tools/approvals/approval-object.ts';
import { type Column, dataTable, type Row } from '../web/data-table.ts';
import { formatTime } from '../web/format.ts';
import { html } from '../web/html.ts';
import { type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';
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

function pendingCard(approval: Approval, locale: string) {
  const change = changeOf(approval);
  return html`<article class="approval" aria-labelledby="approval-${approval.id}">
  <h3 id="approval-${approval.id}"><a href="/approvals/${approval.id}">${change.what}</a></h3>
  <dl class="facts">
    ${requestFacts(approval, change, locale)}
    <dt>Expires</dt><dd>${formatTime(approval.expires_at)}: nothing is made unless you approve before then</dd>
  </dl>
  ${beforeAfterTable(change, `Before → after of ${change.object}`)}
  <p><a class="button" href="/approvals/${approval.id}">Review and decide<span class="visually-hidden">: ${change.what}</span></a></p>
</article>`;
}

/** On a phone a decided approval shows the change and its status; the rest folds into its detail line. */
const DECIDED_COLUMNS: Column[] = [
  { label: 'Change' },
  { label: 'Status' },
  { label: 'Decided by', fold: true },
  { label: 'Decided', fold: true },
  { label: 'Result', fold: true },
];

function decidedRow(approval: Approval, now: Date): Row {
  const change = changeOf(approval);
  const status = statusOf(approval, now);
  return {
    cells: [
      html`<a href="/approvals/${approval.id}">${change.what}</a>`,
      statusBadge(status),
      approval.decided_by ?? '—',
      formatTime(approval.decided_at),
      outcomeText(approval, status),
    ],
  };
}

const EMPTY = html`<p class="empty">Nothing waits for your decision.</p>
<p>When an agent asks for a change its key may not make on its own (a budget ten times or more its
current value, a raise beyond the key's limit, or any spend change of a key set to ask first), adops
makes nothing: it keeps the change here as an approval, and the agent is told to wait. You approve it
(adops then makes it, once, if the campaign has not changed meanwhile) or reject it; undecided, it
expires. The agent follows up with the tool <code>get_approval</code>, described in the
<a href="/docs">API reference</a>; how approvals work is in <code>docs/approvals.md</code> of adops.</p>`;

export function approvalsPage(view: ApprovalsView) {
  const decided =
    view.decided.length === 0
      ? html`<p class="empty">No decided approvals yet.</p>`
      : dataTable({
          caption: 'Your latest decided approvals',
          columns: DECIDED_COLUMNS,
          rows: view.decided.map((approval) => decidedRow(approval, view.now)),
        });
  const body = html`<h2>Waiting for you</h2>
${view.pending.length === 0 ? EMPTY : view.pending.map((approval) => pendingCard(approval, view.session.locale))}
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
