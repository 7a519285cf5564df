import { isPlatform, PLATFORM_INFO, PLATFORMS } from '../platform-families.ts';
import type { AdAccount } from '../storage/schema.ts';
import { CHANGE_KIND_LABELS, CHANGE_KINDS } from '../tools/change-kinds.ts';
import { dataTable, type Row } from '../web/data-table.ts';
import { formatTime, snakeName } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';
import { type ActivityQuery, activityHref, hasFilters, OUTCOME_LABELS } from './activity-filters.ts';
import { type ChangeView, changeSummary, platformLabel } from './change-view.ts';

/** What the filters offer: the owner's keys (revoked ones too), apps and accounts. */
export interface ActivityChoices {
  keys: ReadonlyArray<{ id: string; name: string; revoked_at: string | null }>;
  apps: ReadonlyArray<{ client_id: string; client_name: string }>;
  monitors: ReadonlyArray<{ id: string; name: string }>;
  accounts: readonly AdAccount[];
  members: ReadonlyArray<{ person_id: string; email: string }>;
}

export interface ActivityView {
  session: SignedIn;
  query: ActivityQuery;
  changes: readonly ChangeView[];
  /** The cursor of the next (older) page, when there is one. */
  next: string | undefined;
  choices: ActivityChoices;
  /** The most rows the CSV holds. */
  csvLimit: number;
}

interface Choice {
  value: string;
  label: string;
}

/**
 * A select of the filter form. A value in the address that is not among the choices (a key of another
 * owner, say) is shown as it is, so the form never claims "All" while the list is filtered.
 */
function select(id: string, label: string, all: string, choices: Choice[], current: string | undefined) {
  const known = current === undefined || choices.some((choice) => choice.value === current);
  const options = [
    ...choices,
    ...(known || current === undefined ? [] : [{ value: current, label: current }]),
  ].map(
    (choice) =>
      html`<option value="${choice.value}"${choice.value === current ? html` selected` : ''}>${choice.label}</option>`,
  );
  return html`<div class="field"><label for="${id}">${label}</label>
    <select id="${id}" name="${id.replace('activity-', '')}"><option value="">${all}</option>${options}</select></div>`;
}

function filterForm(view: ActivityView) {
  const { query, choices } = view;
  const who: Choice[] = [
    { value: 'owner', label: 'In person (any member, the CLI)' },
    ...choices.members.map((member) => ({
      value: `member:${member.person_id}`,
      label: `${member.email} and their keys`,
    })),
    ...choices.keys.map((key) => ({
      value: `key:${key.id}`,
      label: `Key ${key.name}${key.revoked_at ? ' (revoked)' : ''}`,
    })),
    ...choices.apps.map((app) => ({ value: `app:${app.client_id}`, label: `App ${app.client_name}` })),
    ...choices.monitors.map((monitor) => ({
      value: `monitor:${monitor.id}`,
      label: `Monitor ${monitor.name}`,
    })),
  ];
  const platforms = PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_INFO[platform].label }));
  const accounts = choices.accounts.map((account) => ({
    value: account.account_id,
    label: `${account.account_id} ${account.name} (${isPlatform(account.platform) ? PLATFORM_INFO[account.platform].label : account.platform})`,
  }));
  const kinds = CHANGE_KINDS.map((kind) => ({ value: kind, label: CHANGE_KIND_LABELS[kind] }));
  const outcomes = Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label }));
  return html`<form method="get" action="/activity" class="inline" aria-label="Filter the changes">
  ${select('activity-who', 'Who', 'Anyone', who, query.who)}
  ${select('activity-platform', 'Platform', 'All platforms', platforms, query.platform)}
  ${select('activity-account', 'Account', 'All accounts', accounts, query.account)}
  ${select('activity-kind', 'Kind of change', 'All kinds', kinds, query.kind)}
  ${select('activity-outcome', 'Outcome', 'Any outcome', outcomes, query.outcome)}
  <div class="field"><label for="activity-from">From (UTC)</label>
    <input type="date" id="activity-from" name="from" value="${query.from ?? ''}"></div>
  <div class="field"><label for="activity-to">To (UTC, inclusive)</label>
    <input type="date" id="activity-to" name="to" value="${query.to ?? ''}"></div>
  <button type="submit">Filter</button>
  ${hasFilters(query) ? html`<a href="/activity">Clear</a>` : ''}
</form>`;
}

/** The outcome in words, with the HTTP status and, for a failure, its code. */
export function outcomeText(change: ChangeView): SafeHtml {
  const { outcome, row } = change;
  return html`${statusBadge(outcome.label, html`<span class="muted">${row.status}</span>`)}${row.code ? html` <code>${snakeName(row.code)}</code>` : ''}`;
}

function changeRow(change: ChangeView): Row {
  const { row } = change;
  const summary = changeSummary(change);
  return {
    cells: [
      formatTime(row.created_at),
      change.who,
      html`<a href="/activity/${row.id}"><code>${snakeName(row.tool)}</code></a> ${change.object}`,
      platformLabel(change.platform),
      row.account_id ? idCode(row.account_id) : '—',
      summary || html`<span class="muted">—</span>`,
      outcomeText(change),
    ],
  };
}

function pagination(view: ActivityView) {
  const newest = view.query.before
    ? html`<a href="${activityHref('/activity', view.query)}">← Newest</a>`
    : '';
  const older = view.next
    ? html`<a href="${activityHref('/activity', view.query, view.next)}" rel="next">Older →</a>`
    : '';
  if (!newest && !older) return html``;
  return html`<nav aria-label="Pages of changes" class="actions">${newest} ${older}</nav>`;
}

function changesTable(view: ActivityView) {
  if (view.changes.length === 0) {
    return hasFilters(view.query) || view.query.before
      ? html`<p class="empty">No changes match these filters.</p>`
      : html`<p class="empty">No changes yet. Every write made with your keys, by the apps you connected or by you
(stopping agents, approving a change) will be listed here.</p>`;
  }
  return dataTable({
    caption: 'Changes, newest first',
    className: 'wraps',
    columns: [
      { label: 'When' },
      { label: 'Who', fold: true },
      { label: 'What' },
      { label: 'Platform', fold: true },
      { label: 'Account', fold: true },
      { label: 'Before → after', fold: true },
      { label: 'Outcome' },
    ],
    rows: view.changes.map(changeRow),
  });
}

export function activityPage(view: ActivityView) {
  const body = html`<p class="lead">Every change made with your keys, by the apps you connected, by your monitors and by you,
newest first: refused attempts too, dry runs and replays of an earlier answer not (they change nothing).</p>
${filterForm(view)}
<p><a href="${activityHref('/activity.csv', view.query)}" download>Download these changes as CSV</a>
<span class="muted">(all that match, newest first, at most ${view.csvLimit.toLocaleString('en-US')})</span></p>
${changesTable(view)}
${pagination(view)}`;
  return page({ title: 'Activity', session: view.session, section: '/activity', body });
}
