import type { AccountSpend, AccountSpendRead, UnreadAccount } from '../owners/account-spend.ts';
import { isPlatform, PLATFORM_INFO, PLATFORMS, type Platform } from '../platform-families.ts';
import type { Approval, Connection, WebhookEndpoint } from '../storage/schema.ts';
import { dataTable } from '../web/data-table.ts';
import { formatMoney, formatTime, plural } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { agentsSection } from './agents-section.ts';
import { spendChart } from './spend-chart.ts';

/** A key, an app or the owner, with what it did in the last 24 hours. */
export interface AgentAtWork {
  name: string;
  kind: 'key' | 'app' | 'owner';
  calls: number;
  changes: number;
  errors: number;
  lastAt: string;
}

export interface QuotaBurn {
  used: number;
  limit: number;
  tier: string;
  periodEnd: string;
  /** The calls the period ends with at the pace so far, once enough of it went by to tell. */
  projected?: number;
  /** Until then, the day the projection starts. */
  projectsOn?: string;
}

export interface OverviewView {
  session: SignedIn;
  /** The first steps of a new owner, each done or not; shown until an account and a key exist. */
  start: { account: boolean; key: boolean; call: boolean; apiUrl: string };
  spend: AccountSpendRead[];
  agents: AgentAtWork[];
  pending: Approval[];
  /** Connections that need the owner: expired or refused by their platform, or lapsing within a week. */
  unhealthy: Connection[];
  /** How many connections the workspace has, working or not. */
  connected: number;
  quota: QuotaBurn;
  latestChanges: SafeHtml;
  /** Webhook endpoints nothing is sent to any more (by the owner, or after 3 days of failures). */
  disabledEndpoints: WebhookEndpoint[];
  /** The platforms whose accounts connect to the sandbox, whose figures are made up. */
  sandboxPlatforms: Platform[];
  monitors: { enabled: number; suspended: number; firedLastDay: number };
}

function platformLabel(platform: string): string {
  return isPlatform(platform) ? PLATFORM_INFO[platform].label : platform;
}

function startSteps(start: OverviewView['start']) {
  const step = (done: boolean, body: SafeHtml) =>
    html`<li class="${done ? 'done' : 'todo'}">${done ? html`<span class="visually-hidden">Done: </span>` : ''}${body}</li>`;
  const example = `curl -X POST ${start.apiUrl}/api/v1/tools/list_connected_accounts/execute \\
  -H "Authorization: Bearer sk_live_..." -H "Content-Type: application/json" -d '{"arguments":{}}'`;
  return html`<section class="card start" aria-labelledby="start-title">
<h2 id="start-title">Get started in three steps</h2>
<ol>
${step(start.account, html`<a href="/connections">Connect an ad account</a>: Google Ads, LinkedIn, Meta or TikTok (or their sandboxes, to try things safely).`)}
${step(start.key, html`<a href="/keys">Create an API key</a> for your agent, with what it may do: read, write, or spend.`)}
${step(start.call, html`Make a first call from your agent or a terminal:<pre><code>${example}</code></pre>`)}
</ol>
</section>`;
}

function figures(spend: AccountSpend, locale: string) {
  const figure = (label: string, micros: number) =>
    html`<div><dt>${label}</dt><dd>${formatMoney(micros, spend.currency, locale)}</dd></div>`;
  return html`<dl class="figures">${figure('Today', spend.todayMicros)}${figure('Yesterday', spend.yesterdayMicros)}${figure('7 days before today', spend.last7Micros)}</dl>`;
}

function accountCard(read: AccountSpendRead, locale: string) {
  const { account } = read;
  const id = `account-${account.id}`;
  const heading = html`<h3 id="${id}">${account.name} <span class="figure-label">${platformLabel(account.platform)} · ${idCode(account.account_id)}</span></h3>`;
  if ('code' in read) {
    return html`<article class="card" aria-labelledby="${id}">${heading}
<p class="status-failed">Could not read its report: ${read.message}</p></article>`;
  }
  return html`<article class="card" aria-labelledby="${id}">${heading}
${figures(read, locale)}
${spendChart(read, locale)}
<p class="figure-label">Last 7 days and today (${read.today}), account time zone</p></article>`;
}

interface SpendSum {
  currency: string;
  today: number;
  yesterday: number;
  last7: number;
}

/** The accounts' spend summed per currency: amounts in different currencies are never added. */
function sums(reads: AccountSpendRead[]): SpendSum[] {
  const byCurrency = new Map<string, SpendSum>();
  for (const read of reads) {
    if ('code' in read) continue;
    const sum = byCurrency.get(read.currency) ?? {
      currency: read.currency,
      today: 0,
      yesterday: 0,
      last7: 0,
    };
    byCurrency.set(read.currency, {
      currency: read.currency,
      today: sum.today + read.todayMicros,
      yesterday: sum.yesterday + read.yesterdayMicros,
      last7: sum.last7 + read.last7Micros,
    });
  }
  return [...byCurrency.values()];
}

/**
 * Spend per platform and currency: the accounts of a platform added up, one row each. With one account
 * a platform, the account cards under it say the same: the table is left out.
 */
function platformTable(spend: AccountSpendRead[], locale: string) {
  const platforms = new Set(spend.map((read) => read.account.platform));
  if (platforms.size === spend.length) return html``;
  const rows = PLATFORMS.flatMap((platform) =>
    sums(spend.filter((read) => read.account.platform === platform)).map((sum) => ({
      cells: [
        { content: platformLabel(platform), rowHeader: true },
        formatMoney(sum.today, sum.currency, locale),
        formatMoney(sum.yesterday, sum.currency, locale),
        formatMoney(sum.last7, sum.currency, locale),
      ],
    })),
  );
  return dataTable({
    caption: 'Spend per platform',
    columns: [
      { label: 'Platform' },
      { label: 'Today', numeric: true },
      { label: 'Yesterday', fold: true, numeric: true },
      { label: '7 days before today', numeric: true },
    ],
    rows,
  });
}

/** The platforms in their usual order (search, network, social, video), each platform's accounts as listed. */
function byPlatform(a: AccountSpendRead, b: AccountSpendRead): number {
  const rank = (read: AccountSpendRead) =>
    PLATFORMS.indexOf(read.account.platform as (typeof PLATFORMS)[number]);
  return rank(a) - rank(b);
}

/**
 * Said beside sandbox figures: each sandbox account's seeded runaway makes today's spend several times a
 * normal day's on purpose, and a newcomer who is not told takes it for a fault or a real loss.
 */
function sandboxNote(spend: AccountSpendRead[], sandboxPlatforms: Platform[]) {
  const shown = PLATFORMS.filter(
    (p) => sandboxPlatforms.includes(p) && spend.some((read) => read.account.platform === p),
  );
  if (shown.length === 0) return html``;
  return html`<p class="notice sandbox-note"><strong>Sandbox figures.</strong> The ${shown.map((p) => PLATFORM_INFO[p].label).join(', ')} accounts here are sandbox accounts: their spend is made up, and each has a campaign named “Runaway: …” that spends several times a normal day today, on purpose, so you can try a monitor and <a href="/keys#agents-title">Stop all agents</a> (its “every campaign running now” choice pauses it).</p>`;
}

function spendSection(spend: AccountSpendRead[], sandboxPlatforms: Platform[], locale: string) {
  if (spend.length === 0) return html``;
  const overall = sums(spend).map(
    (sum) =>
      html`<div class="card"><p class="figure">${formatMoney(sum.today, sum.currency, locale)}</p><p class="figure-label">spent today in ${sum.currency} accounts · ${formatMoney(sum.last7, sum.currency, locale)} in the 7 days before</p></div>`,
  );
  return html`<section aria-labelledby="spend-title">
<h2 id="spend-title">Spend</h2>
${sandboxNote(spend, sandboxPlatforms)}
<div class="cards">${overall}</div>
${platformTable(spend, locale)}
<div class="cards">${[...spend].sort(byPlatform).map((read) => accountCard(read, locale))}</div>
<p class="muted">From each platform's own reports, refreshed every minute; reading them here uses none of your quota.</p>
</section>`;
}

function monitorsCard(monitors: OverviewView['monitors']) {
  const count = monitors.enabled + monitors.suspended;
  const content =
    count === 0
      ? html`<p class="empty">No monitor watches your campaigns yet. An agent makes one with <code>create_monitor</code>.</p>`
      : html`<p>${plural(count, 'monitor')}: ${monitors.enabled} enabled${monitors.suspended > 0 ? html`, <span class="badge badge-muted">${monitors.suspended} suspended</span>` : ''}.</p>
<p>${monitors.firedLastDay === 0 ? 'None fired in the last 24 hours.' : `Fired ${plural(monitors.firedLastDay, 'time')} in the last 24 hours.`}</p>`;
  return html`<section class="card" aria-labelledby="monitors-title">
<h2 id="monitors-title">Monitors</h2>
${content}
<p class="muted"><a href="/monitors">Manage monitors</a></p>
</section>`;
}

function approvalsCard(pending: Approval[], count: number) {
  const list =
    pending.length === 0
      ? html`<p class="empty">Nothing waits for you.</p>`
      : html`<ul>${pending.map(
          (approval) =>
            html`<li><a href="/approvals/${approval.id}">${approval.requested_by}: ${approval.tool}</a> <span class="muted">${formatTime(approval.created_at)}</span></li>`,
        )}</ul>${count > pending.length ? html`<p><a href="/approvals">All ${count} waiting</a></p>` : ''}`;
  return html`<section class="card" aria-labelledby="pending-title">
<h2 id="pending-title">Waiting for your approval${count > 0 ? html` <span class="count">${count}</span>` : ''}</h2>
${list}
</section>`;
}

function healthCard(unhealthy: Connection[], unread: UnreadAccount[], connected: number) {
  const problems = [
    ...unhealthy.map((connection) =>
      connection.status === 'active'
        ? html`<li class="status-failed">${platformLabel(connection.platform)}: stops working on ${formatTime(connection.token_expires_at ?? '')}, when its token expires. <a href="/connections">Reconnect</a> before then.</li>`
        : html`<li class="status-failed">${platformLabel(connection.platform)}: ${connection.status} since ${formatTime(connection.updated_at)}. <a href="/connections">Reconnect</a></li>`,
    ),
    ...unread.map(
      (read) =>
        html`<li class="status-failed">${read.account.name} (${idCode(read.account.account_id)}): ${read.message}</li>`,
    ),
  ];
  return html`<section class="card" aria-labelledby="health-title">
<h2 id="health-title">Connections</h2>
${problems.length > 0 ? html`<ul>${problems}</ul>` : connected === 0 ? html`<p class="empty">No ad account connected yet. <a href="/connections">Connect one</a>.</p>` : html`<p class="status-succeeded">${connected === 1 ? 'The connection works.' : `All ${connected} connections work.`}</p>`}
</section>`;
}

/** Shown only while an endpoint is disabled: the owner's systems miss events until it is enabled. */
function notificationsCard(disabled: WebhookEndpoint[]) {
  if (disabled.length === 0) return html``;
  return html`<section class="card" aria-labelledby="notifications-title">
<h2 id="notifications-title">Notifications</h2>
<ul>${disabled.map(
    (endpoint) =>
      html`<li class="status-failed"><code>${endpoint.url}</code> is disabled since ${formatTime(endpoint.disabled_at)}: ${endpoint.disabled_reason}. <a href="/notifications">Enable it</a></li>`,
  )}</ul>
</section>`;
}

function quotaCard(quota: QuotaBurn) {
  const over = quota.projected !== undefined && quota.projected > quota.limit;
  const pace =
    quota.projected === undefined
      ? html`<p class="muted">Too early to tell where this month ends: a projection starts on <time datetime="${quota.projectsOn ?? ''}">${quota.projectsOn ?? ''}</time>, once a week of it has gone by.</p>`
      : html`<p${over ? html` class="status-failed"` : ''}>At this pace: about ${quota.projected} by <time datetime="${quota.periodEnd}">${quota.periodEnd}</time>${over ? ', over the limit: calls will be refused before the period ends' : ''}.</p>`;
  return html`<section class="card" aria-labelledby="quota-title">
<h2 id="quota-title">Quota</h2>
<label for="quota-meter">${quota.used} of ${quota.limit} billable calls used</label>
<meter id="quota-meter" min="0" max="${quota.limit}" value="${quota.used}" high="${Math.ceil(quota.limit * 0.8)}">${quota.used} of ${quota.limit}</meter>
${pace}
<p class="muted">${quota.tier} plan · <a href="/usage">usage</a> · <a href="/billing">plans</a></p>
</section>`;
}

function agentsTable(agents: AgentAtWork[]) {
  if (agents.length === 0) return html`<p class="empty">No calls in the last 24 hours.</p>`;
  const who = (agent: AgentAtWork) =>
    agent.kind === 'owner'
      ? 'You, in the console'
      : html`${agent.name} <span class="muted">(${agent.kind})</span>`;
  return dataTable({
    caption: 'Calls per key and app in the last 24 hours',
    columns: [
      { label: 'Who' },
      { label: 'Calls' },
      { label: 'Changes' },
      { label: 'Errors' },
      { label: 'Last call', fold: true },
    ],
    rows: agents.map((agent) => ({
      cells: [
        who(agent),
        agent.calls,
        agent.changes,
        { content: agent.errors, ...(agent.errors > 0 && { className: 'status-failed' }) },
        formatTime(agent.lastAt),
      ],
    })),
  });
}

export function overviewPage(view: OverviewView) {
  const { start } = view;
  const unread = view.spend.filter((read): read is UnreadAccount => 'code' in read);
  const body = html`${!start.account || !start.key ? startSteps(start) : ''}
<div class="cards">
${approvalsCard(view.pending, view.session.pendingApprovals)}
${healthCard(view.unhealthy, unread, view.connected)}
${quotaCard(view.quota)}
${monitorsCard(view.monitors)}
${notificationsCard(view.disabledEndpoints)}
</div>
${spendSection(view.spend, view.sandboxPlatforms, view.session.locale)}
<section aria-labelledby="agents-work-title">
<h2 id="agents-work-title">Agents at work</h2>
<p class="muted">The last 24 hours: ${plural(
    view.agents.reduce((sum, agent) => sum + agent.calls, 0),
    'call',
  )}. Changes are the writes a platform applied; errors include calls refused, while agents are stopped too.</p>
${agentsTable(view.agents)}
</section>
<section aria-labelledby="changes-title">
<h2 id="changes-title">Latest changes</h2>
${view.latestChanges}
</section>
${agentsSection(view.session)}`;
  return page({ title: 'Overview', session: view.session, section: '/', body });
}
