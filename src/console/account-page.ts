import { formatTime } from '../web/format.ts';
import { html, SafeHtml } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';

export interface AccountView {
  session: SignedIn;
  /** When the authenticator was confirmed, and how many recovery codes are left; undefined: none. */
  totp?: { confirmedAt: string; recoveryCodesLeft: number } | undefined;
  /** A set-up begun: the key to type, its address and the QR code of it (SVG made by the qrcode package). */
  setup?: { secret: string; uri: string; qrSvg: string } | undefined;
  notice?: Notice | undefined;
}

function setupSection(view: AccountView, setup: NonNullable<AccountView['setup']>): SafeHtml {
  return html`<section aria-labelledby="setup-title">
  <h2 id="setup-title">Set up an authenticator</h2>
  <p>Scan this code with an authenticator app (1Password, Google Authenticator, Authy…), or type the key.</p>
  <div class="qr" role="img" aria-label="QR code of the authenticator key">${new SafeHtml(setup.qrSvg)}</div>
  <p>Key: <code>${setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
  <form method="post" action="/account/totp/confirm" class="stack">
    ${csrfInput(view.session.csrfToken)}
    <label>The 6-digit code it shows <input type="text" name="code" autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required></label>
    <button type="submit">Confirm</button>
  </form>
</section>`;
}

/** The recovery codes, under the notice of the page the confirmation redirects to: the only time they are shown. */
export function recoveryCodesBox(codes: string[]): SafeHtml {
  return html`<section class="secret" aria-labelledby="recovery-title">
  <h2 id="recovery-title">Your recovery codes</h2>
  <p>Keep them somewhere safe, apart from your phone: each signs you in once without the authenticator.
They are shown only now.</p>
  <pre><code>${codes.join('\n')}</code></pre>
</section>`;
}

function statusSection(view: AccountView): SafeHtml {
  const token = view.session.csrfToken;
  if (!view.totp) {
    return html`<p>No second factor is set up: you sign in with your password alone.</p>
<form method="post" action="/account/totp/start">
  ${csrfInput(token)}
  <button type="submit">Set up an authenticator</button>
</form>`;
  }
  return html`<p>An authenticator is set up since ${formatTime(view.totp.confirmedAt)}; ${view.totp.recoveryCodesLeft} recovery codes are left.
Signing in asks for its code.</p>
<details class="confirm">
  <summary>Remove the authenticator</summary>
  <form method="post" action="/account/totp/remove" class="stack">
    ${csrfInput(token)}
    <label>A code from it, or a recovery code <input type="text" name="code" autocomplete="one-time-code" required></label>
    <button type="submit" class="danger">Remove the authenticator</button>
  </form>
</details>`;
}

export function accountPage(view: AccountView) {
  const session = view.session;
  const required = session.secondFactorRequired
    ? html`<p><strong>${session.user.name}</strong> requires a second factor of its approvers and admins.</p>`
    : html``;
  const body = html`<p>You are signed in as <strong>${session.member.email}</strong>, ${session.member.role} of
<strong>${session.user.name}</strong>, ${session.secondFactor ? 'with' : 'without'} a second factor.</p>
${required}
<h2>Second factor</h2>
${view.setup ? setupSection(view, view.setup) : statusSection(view)}`;
  return page({ title: 'Your account', session, notice: view.notice, body });
}
