import type { DailyCalls, recentCalls, StatusFilter } from '../storage/usage-history.ts';
import { type Column, dataTable, type Row } from '../web/data-table.ts';
import { formatTime, snakeName } from '../web/format.ts';
import { html } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';
import { callerLabel } from './caller-label.ts';
import { usageChart } from './usage-chart.ts';

export const STATUS_CHOICES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  ...[200, 400, 401, 402, 404, 409, 413, 415, 422, 429, 500, 503].map((code) => ({
    value: String(code),
    label: String(code),
  })),
];

export interface UsageView {
  session: SignedIn;
  quota: { used: number; limit: number; tier: string; periodEnd: string };
  days: DailyCalls[];
  calls: Awaited<ReturnType<typeof recentCalls>>;
  tools: string[];
  filters: { tool: string | undefined; status: StatusFilter | undefined };
  shown: number;
}

function quotaSection(quota: UsageView['quota']) {
  return html`<section aria-labelledby="quota-title">
<h2 id="quota-title">Quota this month</h2>
<label for="quota-meter">${quota.used} of ${quota.limit} billable calls used</label>
<meter id="quota-meter" min="0" max="${quota.limit}" value="${quota.used}" high="${Math.ceil(quota.limit * 0.8)}">${quota.used} of ${quota.limit}</meter>
<p>Plan: <strong>${quota.tier}</strong> · resets on <time datetime="${quota.periodEnd}">${quota.periodEnd}</time> (UTC) · <a href="/billing">plans</a></p>
</section>`;
}

function filterForm(view: UsageView) {
  const selected = (yes: boolean) => (yes ? html` selected` : '');
  const tools = view.tools.map(
    (t) => html`<option value="${t}"${selected(t === view.filters.tool)}>${t}</option>`,
  );
  const statuses = STATUS_CHOICES.map(
    (s) =>
      html`<option value="${s.value}"${selected(s.value === String(view.filters.status ?? ''))}>${s.label}</option>`,
  );
  return html`<form method="get" action="/usage" class="inline" aria-label="Filter the recent calls">
  <div class="field"><label for="filter-tool">Tool</label>
    <select id="filter-tool" name="tool"><option value="">All tools</option>${tools}</select></div>
  <div class="field"><label for="filter-status">Status</label>
    <select id="filter-status" name="status">${statuses}</select></div>
  <button type="submit">Filter</button>
  ${view.filters.tool || view.filters.status !== undefined ? html`<a href="/usage">Clear</a>` : ''}
</form>`;
}

/** On a phone a call shows when, which tool and how it ended; the rest folds into its detail line. */
const CALL_COLUMNS: Column[] = [
  { label: 'Time' },
  { label: 'Tool' },
  { label: 'By', fold: true },
  { label: 'Account', fold: true },
  { label: 'Status' },
  { label: 'Latency', fold: true },
  { label: 'Billed', fold: true },
  { label: 'Replayed', fold: true },
];

function callRow(call: UsageView['calls'][number]): Row {
  const outcome = call.status < 400 ? 'succeeded' : 'failed';
  return {
    cells: [
      formatTime(call.created_at),
      html`<code>${snakeName(call.tool)}</code>`,
      callerLabel(call),
      call.account_id ? idCode(call.account_id) : '—',
      html`${statusBadge(outcome, String(call.status))}${call.code ? html` <span class="status-code">${snakeName(call.code)}</span>` : ''}`,
      `${call.latency_ms} ms`,
      call.billable ? 'yes' : 'no',
      call.replayed ? 'yes' : 'no',
    ],
  };
}

export function usagePage(view: UsageView) {
  const table =
    view.calls.length === 0
      ? html`<p class="empty">No calls match.</p>`
      : dataTable({
          caption: 'Recent calls, newest first',
          columns: CALL_COLUMNS,
          rows: view.calls.map(callRow),
        });
  const body = html`${quotaSection(view.quota)}
<h2>Calls per day</h2>
${usageChart(view.days)}
<h2>Recent calls</h2>
<p class="muted">The latest ${view.shown} calls made with your keys and by the apps you connected; calls refused before a key was recognised are not yours to see.</p>
${filterForm(view)}
${table}`;
  return page({ title: 'Usage', session: view.session, section: '/usage', body });
}
