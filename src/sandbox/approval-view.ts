import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { html, type Interpolation } from '../web/html.ts';
import { csrfInput, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';

export interface ApprovalView {
  platform: Platform;
  session: SignedIn;
  /** The request's parameters the form posts back: client id, redirect_uri, state, sandbox_accounts. */
  fields: Record<string, string>;
  /** The owner's accounts asked for again (reconnecting); none: a new account is made. */
  accountIds: string[];
  /** Kinds of new account that answer with a fault, offered besides a working one. */
  faultChoices?: ReadonlyArray<{ value: string; label: string }> | undefined;
}

/** The choice of a new account's sandbox behaviour, where the platform's sandbox has magic accounts. */
function faultSelect(choices: ReadonlyArray<{ value: string; label: string }> | undefined) {
  if (!choices || choices.length === 0) return html``;
  const options = choices.map((choice) => html`<option value="${choice.value}">${choice.label}</option>`);
  return html`<label for="sandbox_fault">Kind of new sandbox account</label>
<select id="sandbox_fault" name="sandbox_fault"><option value="">One account that works normally</option>${options}</select>`;
}

const title = (platform: Platform) => `${PLATFORM_INFO[platform].label} sandbox`;

/** The consent form, shown only to the signed-in owner, for that owner's accounts or a new one. */
export function approvalPage(view: ApprovalView) {
  const hidden = Object.entries(view.fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  const what =
    view.accountIds.length > 0
      ? html`<p>Grant access again to the sandbox accounts <strong>${view.accountIds.join(',')}</strong>.</p>`
      : html`<p>A new sandbox account is made for you, with example campaigns to work on.</p>
<label for="account_name">Name of the new sandbox account</label>
<input id="account_name" name="account_name" value="Sandbox ${view.platform} account" maxlength="100">
${faultSelect(view.faultChoices)}`;
  const body = html`<p><strong>adops</strong> asks to manage ads on your behalf.</p>
<form method="post" action="/sandbox/${view.platform}/oauth/authorize">${csrfInput(view.session.csrfToken)}${hidden}${what}
<p class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button></p></form>`;
  return page({ title: title(view.platform), session: view.session, body });
}

/** A refusal that sends the browser nowhere: the request may come from anyone, for anywhere. */
export function refusalPage(platform: Platform, session: SignedIn | undefined, text: Interpolation) {
  const body = html`<p><a href="/connections">Back to the connections page</a></p>`;
  return page({ title: title(platform), session, notice: { kind: 'error', text }, body });
}
