import { DEFAULT_LIMITS, type KeyLimits, type Scope } from '../key-limits.ts';
import type { AdAccount } from '../storage/schema.ts';
import { html } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import { limitFields } from '../web/limit-fields.ts';
import type { SignedIn } from '../web/session.ts';

export interface ConsentView {
  session: SignedIn;
  uid: string;
  clientName: string;
  /** Where the app gets the answer: the host of its redirect URI, the one fact about it that is checked. */
  redirectHost: string;
  /** The widest scope the app asked for; null when it named none of the API's scopes. */
  requested: Scope | null;
  accounts: AdAccount[];
  notice?: Notice | undefined;
}

export function consentPage(view: ConsentView) {
  // Up to what the app asked for (an app that named nothing may be given any); read ticked at first, as
  // MCP clients ask for every scope the resource names: the owner widens it on purpose.
  const offered: KeyLimits = { ...DEFAULT_LIMITS, scope: view.requested ?? 'spend' };
  const asked = view.requested
    ? html`It asks to <strong>${view.requested}</strong>.`
    : html`It names no scope: choose what it may do.`;
  const body = html`<p><strong>${view.clientName}</strong> wants to act on your adops account as you, through
the API and MCP. It will receive its answer at <strong>${view.redirectHost}</strong>. ${asked}</p>
<p>It gets the same limits an API key can carry, and shares your monthly quota. You can revoke it at any time under
Connected apps on the API keys page.</p>
<form method="post" action="/oauth/consent/${view.uid}">
  ${csrfInput(view.session.csrfToken)}
  ${limitFields(`consent-${view.uid}`, offered, view.accounts, 'app', 'read')}
  <div class="actions">
    <button type="submit" name="decision" value="allow">Allow</button>
    <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
  </div>
</form>`;
  return page({
    title: `Allow ${view.clientName} to use adops?`,
    session: view.session,
    notice: view.notice,
    body,
  });
}
