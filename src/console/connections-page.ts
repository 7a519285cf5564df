import { PLATFORM_INFO, PLATFORMS, type Platform } from '../platform-families.ts';
import type { AdAccount, Connection } from '../storage/schema.ts';
import { type Column, dataTable } from '../web/data-table.ts';
import { formatTime, plural } from '../web/format.ts';
import { html } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';

export interface ConnectionsView {
  session: SignedIn;
  connections: Connection[];
  accounts: AdAccount[];
  /** Whether each platform connects through its sandbox or the live platform, or cannot (sandbox off). */
  modes: Record<Platform, 'live' | 'sandbox' | 'unavailable'>;
  /** Platforms whose OAuth flow exists. */
  connectable: Record<Platform, boolean>;
  /** ADOPS_SANDBOX: off, sandbox connections cannot be used. */
  sandboxEnabled: boolean;
  notice?: Notice | undefined;
}

function connectForm(view: ConnectionsView, platform: Platform, label: string, secondary: boolean) {
  const platformLabel = PLATFORM_INFO[platform].label;
  if (!view.connectable[platform]) {
    return html`<p class="muted">${platformLabel} cannot be connected through OAuth yet.</p>`;
  }
  if (view.modes[platform] === 'unavailable') {
    return html`<p class="muted">${platformLabel} cannot be connected: the sandbox is turned off on this service and no live app is configured.</p>`;
  }
  const where = view.modes[platform] === 'sandbox' ? 'the sandbox approval page' : platformLabel;
  return html`<form method="post" action="/connections/${platform}/connect">
  ${csrfInput(view.session.csrfToken)}
  <button type="submit"${secondary ? html` class="secondary"` : ''}>${label}<span class="visually-hidden"> ${platformLabel}</span></button>
  <span class="muted">through ${where}</span>
</form>`;
}

function disconnectControl(view: ConnectionsView, connection: Connection, platformLabel: string) {
  return html`<details class="confirm">
  <summary>Disconnect<span class="visually-hidden"> ${platformLabel}</span></summary>
  <form method="post" action="/connections/${connection.id}/disconnect">
    ${csrfInput(view.session.csrfToken)}
    <p>Its accounts disappear from adops at once; tools that name them will answer that no account is connected.</p>
    <button type="submit" class="danger">Disconnect ${platformLabel}</button>
  </form>
</details>`;
}

/** On a phone an account shows its name and status; its id and currency fold into the detail line. */
const ACCOUNT_COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'Account id', fold: true },
  { label: 'Currency', fold: true },
  { label: 'Status' },
];

function accountsTable(accounts: AdAccount[], platformLabel: string) {
  if (accounts.length === 0) return html`<p class="empty">No accounts on this connection.</p>`;
  return dataTable({
    caption: `${platformLabel} accounts`,
    columns: ACCOUNT_COLUMNS,
    rows: accounts.map((a) => ({
      cells: [a.name, idCode(a.account_id), a.currency, statusBadge(a.status)],
    })),
  });
}

/**
 * What the token's end means to the owner: nothing to do for one that renews itself (its access token
 * ends within the hour and is refreshed, which read like a broken connection), a date to reconnect by
 * for one that cannot.
 */
function tokenWords(connection: Connection) {
  if (!connection.token_expires_at) return html``;
  if (connection.refresh_token) return html` · renews its access itself`;
  return html` · works until ${formatTime(connection.token_expires_at)}: reconnect before then`;
}

function connectionBlock(view: ConnectionsView, connection: Connection, platform: Platform) {
  const label = PLATFORM_INFO[platform].label;
  const accounts = view.accounts.filter((a) => a.connection_id === connection.id);
  const healthy = connection.status === 'active';
  return html`<p>${statusBadge(connection.status)} · ${connection.mode} ·
${plural(accounts.length, 'account')}${tokenWords(connection)}</p>
${healthy ? '' : html`<p class="notice notice-error">This connection is ${connection.status}: reconnect it so tools can reach its accounts.</p>`}
${connection.mode === 'sandbox' && !view.sandboxEnabled ? html`<p class="notice notice-error">The sandbox is turned off on this service: tools cannot reach the accounts of this sandbox connection.</p>` : ''}
${accountsTable(accounts, label)}
<div class="actions">
  ${connectForm(view, platform, 'Reconnect', healthy)}
  ${disconnectControl(view, connection, label)}
</div>`;
}

function platformSection(view: ConnectionsView, platform: Platform) {
  const label = PLATFORM_INFO[platform].label;
  const connections = view.connections.filter((c) => c.platform === platform);
  const content =
    connections.length === 0
      ? html`<p>Not connected.</p>${connectForm(view, platform, 'Connect', false)}`
      : connections.map((c) => connectionBlock(view, c, platform));
  return html`<section class="platform" aria-labelledby="platform-${platform}">
<h2 id="platform-${platform}">${label}</h2>
${content}
</section>`;
}

export function connectionsPage(view: ConnectionsView) {
  const body = html`<p>Tools act on the ad accounts connected here. When a tool says no account is connected
or a connection expired, connect or reconnect the platform on this page.</p>
${PLATFORMS.map((platform) => platformSection(view, platform))}`;
  return page({
    title: 'Connections',
    session: view.session,
    section: '/connections',
    notice: view.notice,
    body,
  });
}
