import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import type { LastActivity } from '../storage/monitor-history.ts';
import type { AdAccount, Monitor, MonitorCheck, MonitorFiring } from '../storage/schema.ts';
import { conditionRuleWords, conditionWords } from '../tools/monitors/condition-words.ts';
import type { ConditionSeen } from '../tools/monitors/evaluate-rule.ts';
import { ACTIONS, type MonitorRule } from '../tools/monitors/monitor-rule.ts';
import { type Column, dataTable, type Row } from '../web/data-table.ts';
import { formatTime, plural, snakeName } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';

/** A monitor as the pages show it: its stored row, its rule, the account it watches, what it did last. */
export interface MonitorItem {
  monitor: Monitor;
  rule: MonitorRule;
  account: AdAccount | undefined;
  last: LastActivity;
}

export interface MonitorsView {
  session: SignedIn;
  monitors: MonitorItem[];
}

export interface MonitorView {
  session: SignedIn;
  item: MonitorItem;
  checks: MonitorCheck[];
  firings: MonitorFiring[];
  notice?: Notice | undefined;
  /** The edit form as sent, when it was refused. */
  draft?: Record<string, string> | undefined;
}

const ACTION_WORDS: Record<MonitorRule['action'], string> = {
  notify: 'Notify only',
  pause_campaign: 'Pause the campaign',
  lower_budget_percent: 'Lower the daily budget',
};

const WINDOW_WORDS: Record<MonitorRule['window'], string> = {
  today: 'today',
  yesterday: 'yesterday',
  last_3_days: 'the last 3 days',
  last_7_days: 'the last 7 days',
};

function everyText(rule: MonitorRule): string {
  return rule.check_every_minutes === 1 ? 'every minute' : `every ${rule.check_every_minutes} minutes`;
}

function actionText(rule: MonitorRule): string {
  const words = ACTION_WORDS[rule.action];
  return rule.action === 'lower_budget_percent' ? `${words} by ${rule.action_value}%` : words;
}

/** `spend above 3 × the 7 days before, or cost per click above 2.50, today`. */
export function watchText(rule: MonitorRule): string {
  const joined = rule.conditions.map(conditionRuleWords).join(rule.match === 'all' ? ', and ' : ', or ');
  const campaigns = rule.campaign_ids === null ? 'any campaign' : `${rule.campaign_ids.length} campaign(s)`;
  return `${joined}, ${WINDOW_WORDS[rule.window]}, on ${campaigns}`;
}

function accountText(item: MonitorItem): string {
  const { platform, account_id } = item.monitor;
  const label = isPlatform(platform) ? PLATFORM_INFO[platform].label : platform;
  return item.account ? `${item.account.name} · ${label}` : `${label} ${account_id} (not connected)`;
}

function monitorStatus(monitor: Monitor): SafeHtml {
  return statusBadge(monitor.enabled === 1 ? 'enabled' : 'suspended');
}

function lastFiringText(firing: MonitorFiring | undefined): SafeHtml {
  if (!firing) return html`never`;
  const campaign = firing.campaign_name ?? firing.campaign_id;
  return html`${formatTime(firing.fired_at)}: ${campaign}, ${firing.result}`;
}

function lastCheckText(last: LastActivity): SafeHtml {
  const check = last.lastCheck;
  if (!check) return html`not yet`;
  return html`${formatTime(check.checked_at)}${check.outcome === 'failed' ? html` ${statusBadge('failed')}` : ''}`;
}

const LIST_COLUMNS: Column[] = [
  { label: 'Monitor' },
  { label: 'Status' },
  { label: 'Account', fold: true },
  { label: 'Watches for', fold: true },
  { label: 'Then', fold: true },
  { label: 'Last check', fold: true },
  { label: 'Last fired', fold: true },
];

function listRow(item: MonitorItem): Row {
  const { monitor, rule } = item;
  return {
    cells: [
      { rowHeader: true, content: html`<a href="/monitors/${monitor.id}">${rule.name}</a>` },
      monitorStatus(monitor),
      accountText(item),
      watchText(rule),
      html`${actionText(rule)}, checked ${everyText(rule)}`,
      lastCheckText(item.last),
      lastFiringText(item.last.lastFiring),
    ],
  };
}

export function monitorsPage(view: MonitorsView) {
  const list =
    view.monitors.length === 0
      ? html`<p class="empty">No monitor yet. An agent makes one with <code>create_monitor</code>, or try
<code>test_monitor</code> first: see <code>docs/monitors.md</code> of adops. Each appears here to suspend, edit or delete.</p>`
      : dataTable({
          caption: 'Monitors, oldest first',
          columns: LIST_COLUMNS,
          rows: view.monitors.map(listRow),
        });
  const body = html`<p class="lead">Monitors watch campaigns' figures and act when a rule matches: they notify you, pause
the campaign or lower its budget, never raise anything. Suspend one here to stop its checks at once.</p>
${list}`;
  return page({ title: 'Monitors', session: view.session, section: '/monitors', body });
}

function suspendForm(view: MonitorView): SafeHtml {
  const { monitor } = view.item;
  const enabled = monitor.enabled === 1;
  return html`<form method="post" action="/monitors/${monitor.id}/${enabled ? 'suspend' : 'resume'}" class="inline">
  ${csrfInput(view.session.csrfToken)}
  <button type="submit"${enabled ? html` class="secondary"` : ''}>${enabled ? 'Suspend' : 'Resume'}<span class="visually-hidden"> ${view.item.rule.name}</span></button>
</form>`;
}

function deleteControl(view: MonitorView): SafeHtml {
  const { monitor, rule } = view.item;
  return html`<details class="confirm">
  <summary>Delete<span class="visually-hidden"> ${rule.name}</span></summary>
  <form method="post" action="/monitors/${monitor.id}/delete">
    ${csrfInput(view.session.csrfToken)}
    <p>Its checks stop and it is gone; what it did stays in the history.</p>
    <button type="submit" class="danger">Delete “${rule.name}”</button>
  </form>
</details>`;
}

function editForm(view: MonitorView): SafeHtml {
  const { monitor, rule } = view.item;
  const value = (field: string, stored: string | number | null) =>
    view.draft?.[field] ?? String(stored ?? '');
  const actions = ACTIONS.map(
    (action) =>
      html`<option value="${action}"${value('action', rule.action) === action ? html` selected` : ''}>${ACTION_WORDS[action]}</option>`,
  );
  return html`<h2 id="edit-title">Change it</h2>
<form method="post" action="/monitors/${monitor.id}" class="stack wide" aria-labelledby="edit-title">
  ${csrfInput(view.session.csrfToken)}
  <div class="field"><label for="monitor-name">Name</label>
    <input id="monitor-name" type="text" name="name" required maxlength="100" value="${value('name', rule.name)}"></div>
  <div class="field-row">
    <div class="field"><label for="monitor-every">Check every (minutes)</label>
      <input id="monitor-every" type="number" name="check_every_minutes" min="1" max="1440" step="1" inputmode="numeric" value="${value('check_every_minutes', rule.check_every_minutes)}"></div>
    <div class="field"><label for="monitor-consecutive">Matching checks in a row</label>
      <input id="monitor-consecutive" type="number" name="consecutive_checks" min="1" max="14" step="1" inputmode="numeric" value="${value('consecutive_checks', rule.consecutive_checks)}"></div>
  </div>
  <div class="field-row">
    <div class="field"><label for="monitor-action">Then</label>
      <select id="monitor-action" name="action">${actions}</select></div>
    <div class="field"><label for="monitor-value">Lower by (%)</label>
      <input id="monitor-value" type="number" name="action_value" min="1" max="90" step="1" inputmode="numeric" value="${value('action_value', rule.action_value)}" aria-describedby="monitor-value-hint">
      <span id="monitor-value-hint" class="muted">Only when it lowers the budget.</span></div>
  </div>
  <p class="muted">The conditions are changed with <code>update_monitor</code>, which takes them whole.</p>
  <button type="submit">Save changes</button>
</form>`;
}

const FIRING_COLUMNS: Column[] = [
  { label: 'Campaign' },
  { label: 'Result' },
  { label: 'Fired', fold: true },
  { label: 'Seen', fold: true },
  { label: 'What it did', fold: true },
];

function firingRow(firing: MonitorFiring): Row {
  const seen = (JSON.parse(firing.seen) as ConditionSeen[]).filter((c) => c.matched).map(conditionWords);
  const campaign = firing.campaign_name
    ? html`${firing.campaign_name} ${idCode(firing.campaign_id)}`
    : html`<code>${firing.campaign_id}</code>`;
  return {
    cells: [
      campaign,
      statusBadge(firing.result),
      formatTime(firing.fired_at),
      seen.join('; '),
      html`<code>${snakeName(firing.action)}</code>${firing.result_text ? html`: ${firing.result_text}` : ''}`,
    ],
  };
}

const CHECK_COLUMNS: Column[] = [
  { label: 'Due' },
  { label: 'Outcome' },
  { label: 'Matched' },
  { label: 'Days read', fold: true },
];

function checkRow(check: MonitorCheck): Row {
  const campaigns = JSON.parse(check.campaigns) as Array<{ matched: boolean }>;
  const matched = campaigns.filter((c) => c.matched).length;
  return {
    cells: [
      formatTime(check.slot_at),
      check.outcome === 'failed' ? statusBadge('failed', check.error ?? 'no report') : statusBadge('checked'),
      `${matched} of ${campaigns.length}`,
      check.period?.replace('..', ' to ') ?? '—',
    ],
  };
}

export function monitorPage(view: MonitorView) {
  const { monitor, rule } = view.item;
  const firings =
    view.firings.length === 0
      ? html`<p class="empty">It has not fired yet.</p>`
      : dataTable({
          caption: 'Firings, newest first',
          columns: FIRING_COLUMNS,
          rows: view.firings.map(firingRow),
        });
  const checks =
    view.checks.length === 0
      ? html`<p class="empty">Not checked yet: the first check is due within ${rule.check_every_minutes} minutes of its creation.</p>`
      : dataTable({
          caption: 'Checks, newest first',
          columns: CHECK_COLUMNS,
          rows: view.checks.map(checkRow),
        });
  const body = html`<dl class="facts">
  <dt>Status</dt><dd>${monitorStatus(monitor)}</dd>
  <dt>Account</dt><dd>${accountText(view.item)}</dd>
  <dt>Watches for</dt><dd>${watchText(rule)}</dd>
  <dt>Then</dt><dd>${actionText(rule)}, after ${plural(rule.consecutive_checks, 'matching check')} in a row</dd>
  <dt>Checked</dt><dd>${everyText(rule)} · last ${lastCheckText(view.item.last)}</dd>
  <dt>Id</dt><dd>${idCode(monitor.id)}</dd>
</dl>
<div class="actions">${suspendForm(view)}${deleteControl(view)}</div>
<h2>Firings</h2>
${firings}
<h2>Checks</h2>
${checks}
${editForm(view)}
<p><a href="/monitors">All monitors</a></p>`;
  return page({
    title: `Monitor: ${rule.name}`,
    session: view.session,
    section: '/monitors',
    notice: view.notice,
    body,
  });
}
