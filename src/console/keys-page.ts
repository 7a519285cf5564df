import { DEFAULT_LIMITS, describeLimits, type KeyLimits } from '../key-limits.ts';
import type { KEY_LIFETIMES } from '../owners/key-lifetimes.ts';
import { keyStatus } from '../owners/key-status.ts';
import type { AdAccount, ApiKey, Client } from '../storage/schema.ts';
import { type Column, dataTable, type Row } from '../web/data-table.ts';
import { formatTime, plural } from '../web/format.ts';
import { html } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import { limitFields } from '../web/limit-fields.ts';
import { secretField } from '../web/secret-field.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';
import { randomToken } from '../web/tokens.ts';
import { agentsSection } from './agents-section.ts';
import { type AppsView, appsSection } from './apps-section.ts';

const LIFETIME_LABELS: Record<keyof typeof KEY_LIFETIMES, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
  never: 'Never',
};

export interface NewKey {
  name: string;
  key: string;
}

export interface KeysView {
  session: SignedIn;
  keys: ApiKey[];
  /** Each key's limits as they are now (a client key's accounts are its client's). */
  limitsOf: Map<string, KeyLimits>;
  /** The connected accounts the member sees, to limit a key to some of them. */
  accounts: AdAccount[];
  /** The clients the member may make keys for, and every client's name. */
  clients: Client[];
  clientNames: Map<string, string>;
  limit: number;
  now: Date;
  notice?: Notice | undefined;
  draftName?: string;
  apps: AppsView;
}

/** The key just made, under the notice of the page its form redirects to: the only time it is shown. */
export function newKeyBox(newKey: NewKey) {
  return html`<section class="secret" aria-labelledby="new-key-title">
  <h2 id="new-key-title">Your new key “${newKey.name}”</h2>
  <p><strong>Copy it now: it is shown only this once.</strong> adops keeps only a hash of it and cannot
  show it again. Anyone holding it can act on your ad accounts, so keep it in your agent's secret settings.</p>
  ${secretField('new-key', 'API key', newKey.key)}
</section>`;
}

function createForm(view: KeysView, live: number) {
  const full = live >= view.limit;
  const options = Object.entries(LIFETIME_LABELS).map(
    ([value, label]) =>
      html`<option value="${value}"${value === '90d' ? html` selected` : ''}>${label}</option>`,
  );
  return html`<h2>Create a key</h2>
<p>Your ${view.session.user.tier} plan allows ${plural(view.limit, 'active key')}; you have ${live}.</p>
${full ? html`<p class="notice notice-error">Revoke a key or <a href="/billing">change your plan</a> to create another.</p>` : ''}
<form method="post" action="/keys" class="stack wide">
  ${csrfInput(view.session.csrfToken)}
  <input type="hidden" name="form_id" value="${randomToken()}">
  <div class="field-row">
    <label>Name <input type="text" name="name" required maxlength="100" value="${view.draftName ?? ''}" placeholder="e.g. n8n production"></label>
    <div class="field"><label for="key-expires">Expires after</label>
      <select id="key-expires" name="expires">${options}</select></div>
  </div>
  ${limitFields('new', NEW_KEY_OFFER, view.accounts, 'key', DEFAULT_LIMITS.scope, {
    choices: view.clients,
    required: view.session.member.clients !== null,
  })}
  <button type="submit"${full ? html` disabled` : ''}>Create key</button>
</form>`;
}

/**
 * What a new key may be given: every scope (limitFields offers only the scopes the limits it is given
 * cover, as narrowing must), with the default scope ticked and no other limit filled in.
 */
const NEW_KEY_OFFER: KeyLimits = { ...DEFAULT_LIMITS, scope: 'spend' };

function keyRow(key: ApiKey, view: KeysView): Row {
  const limits = view.limitsOf.get(key.id) ?? { ...DEFAULT_LIMITS, accounts: [], scope: 'read' };
  const client = key.agency_client_id && (view.clientNames.get(key.agency_client_id) ?? 'a deleted client');
  const status = keyStatus(key, view.now);
  const revoke =
    status === 'revoked'
      ? html`<span class="muted">—</span>`
      : html`<details class="confirm">
  <summary>Revoke<span class="visually-hidden"> key ${key.name}</span></summary>
  <form method="post" action="/keys/${key.id}/revoke">
    ${csrfInput(view.session.csrfToken)}
    <p>Agents using this key get 401 from their next call. This cannot be undone.</p>
    <button type="submit" class="danger">Revoke “${key.name}”</button>
  </form>
</details>`;
  const narrow =
    status === 'revoked'
      ? ''
      : html`<details class="confirm">
  <summary>Narrow<span class="visually-hidden"> key ${key.name}</span></summary>
  <form method="post" action="/keys/${key.id}/narrow">
    ${csrfInput(view.session.csrfToken)}
    <p>A key can be narrowed, never widened: for more, create a new key.</p>
    ${limitFields(key.id, limits, view.accounts)}
    <button type="submit">Narrow “${key.name}”</button>
  </form>
</details>`;
  return {
    cells: [
      key.name,
      html`<code>${key.prefix}…</code>`,
      client ? `client ${client}: ${describeLimits(limits)}` : describeLimits(limits),
      formatTime(key.created_at),
      formatTime(key.last_used_at, 'never'),
      formatTime(key.expires_at, 'never'),
      statusBadge(status),
      html`${narrow}${revoke}`,
    ],
  };
}

/** On a phone a key shows its name, status and actions; the rest folds into its detail line. */
const KEY_COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'Key', fold: true },
  { label: 'May do', fold: true },
  { label: 'Created', fold: true },
  { label: 'Last used', fold: true },
  { label: 'Expires', fold: true },
  { label: 'Status' },
  { label: 'Action', controls: true },
];

export function keysPage(view: KeysView) {
  const live = view.keys.filter((key) => keyStatus(key, view.now) === 'active').length;
  const list =
    view.keys.length === 0
      ? html`<p class="empty">No keys yet.</p>`
      : dataTable({
          caption: 'Your API keys',
          columns: KEY_COLUMNS,
          rows: view.keys.map((key) => keyRow(key, view)),
        });
  const body = html`<p>Agents send a key as <code>Authorization: Bearer sk_live_...</code>. Keys act for you and share your monthly quota.</p>
${createForm(view, live)}
<h2>Your keys</h2>
${list}
${appsSection(view.apps)}
${agentsSection(view.session)}`;
  return page({ title: 'API keys', session: view.session, section: '/keys', notice: view.notice, body });
}
