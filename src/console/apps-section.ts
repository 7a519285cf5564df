import { describeLimits, limitsOfRow } from '../key-limits.ts';
import type { OAuthGrant, OAuthOwnedClient } from '../storage/schema.ts';
import { type Column, dataTable, type Row } from '../web/data-table.ts';
import { formatTime } from '../web/format.ts';
import { html } from '../web/html.ts';
import { idCode } from '../web/id-code.ts';
import { csrfInput } from '../web/layout.ts';
import { secretField } from '../web/secret-field.ts';

export interface NewClient {
  name: string;
  clientId: string;
  clientSecret: string;
}

export interface AppsView {
  csrfToken: string;
  grants: OAuthGrant[];
  clients: OAuthOwnedClient[];
  appUrl: string;
}

/** On a phone an app shows its name and action; the rest folds into its detail line. */
const GRANT_COLUMNS: Column[] = [
  { label: 'App' },
  { label: 'May do', fold: true },
  { label: 'Allowed', fold: true },
  { label: 'Last used', fold: true },
  { label: 'Action', controls: true },
];

function grantRow(grant: OAuthGrant, csrfToken: string): Row {
  const revoke = html`<details class="confirm">
  <summary>Revoke<span class="visually-hidden"> app ${grant.client_name}</span></summary>
  <form method="post" action="/keys/apps/${grant.id}/revoke">
    ${csrfInput(csrfToken)}
    <p>The app gets 401 from its next call and cannot refresh its token. It can ask you again.</p>
    <button type="submit" class="danger">Revoke “${grant.client_name}”</button>
  </form>
</details>`;
  return {
    cells: [
      grant.client_name,
      describeLimits(limitsOfRow(grant)),
      formatTime(grant.created_at),
      formatTime(grant.last_used_at, 'never'),
      revoke,
    ],
  };
}

/** The OAuth client just made, under the notice of the page its form redirects to: its secret shown this once. */
export function newClientBox(client: NewClient, appUrl: string) {
  return html`<section class="secret" aria-labelledby="new-client-title">
  <h2 id="new-client-title">Your new OAuth client “${client.name}”</h2>
  <p><strong>Copy the secret now: it is shown only this once.</strong></p>
  <label for="new-client-id">Client ID</label>
  <input id="new-client-id" type="text" readonly value="${client.clientId}" autocomplete="off" spellcheck="false">
  ${secretField('new-client-secret', 'Client secret', client.clientSecret)}
  <p>Authorization URL <code>${appUrl}/oauth/authorize</code>, token URL <code>${appUrl}/oauth/token</code>,
  scope <code>read</code>, <code>write</code> or <code>spend</code>.</p>
</section>`;
}

/** Apps the owner allowed through OAuth, and the OAuth clients the owner made (for ChatGPT Actions). */
export function appsSection(view: AppsView) {
  const grants =
    view.grants.length === 0
      ? html`<p class="empty">No app is connected. An MCP connector or a ChatGPT Action that signs in with OAuth appears here once you allow it.</p>`
      : dataTable({
          caption: 'Apps you allowed',
          columns: GRANT_COLUMNS,
          rows: view.grants.map((grant) => grantRow(grant, view.csrfToken)),
        });
  const clients =
    view.clients.length === 0
      ? ''
      : html`<ul>${view.clients.map(
          (client) =>
            html`<li>${client.name}: client ID ${idCode(client.client_id)}, redirect URI <code>${client.redirect_uri}</code>
  <details class="confirm"><summary>Delete<span class="visually-hidden"> client ${client.name}</span></summary>
  <form method="post" action="/keys/oauth-clients/${client.client_id}/delete">
    ${csrfInput(view.csrfToken)}
    <p>Everyone signed in through it gets 401 from their next call. This cannot be undone.</p>
    <button type="submit" class="danger">Delete “${client.name}”</button>
  </form></details></li>`,
        )}</ul>`;
  return html`<h2>Connected apps</h2>
${grants}
<h2>OAuth clients</h2>
<p>For a ChatGPT Action or another app you configure with a client ID and secret. Its redirect URI must be <code>https://</code> (<code>http://</code> only on 127.0.0.1 or localhost, for testing). MCP connectors register themselves: they need none.</p>
${clients}
<form method="post" action="/keys/oauth-clients" class="stack">
  ${csrfInput(view.csrfToken)}
  <label>Client name <input type="text" name="name" required maxlength="100" placeholder="e.g. My GPT"></label>
  <label>Redirect URI <input type="url" name="redirect_uri" required maxlength="2000" placeholder="https://chatgpt.com/aip/g-.../oauth/callback"></label>
  <button type="submit">Create OAuth client</button>
</form>`;
}
