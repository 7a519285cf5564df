import { html } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';

export interface InvitationView {
  csrfToken: string;
  token: string;
  workspaceName: string;
  email: string;
  role: string;
  /** What the person must give to accept: nothing (signed in as them), their password, or a new one. */
  needs: 'nothing' | 'password' | 'new-password';
  notice?: Notice | undefined;
}

export function invitationPage(view: InvitationView) {
  const fields =
    view.needs === 'password'
      ? html`<label>Email <input type="email" name="email" autocomplete="username" value="${view.email}" readonly></label>
  <label>Your password <input type="password" name="password" autocomplete="current-password" required></label>
  <label>Authenticator code <span class="muted">(if you set one up)</span> <input type="text" name="code" autocomplete="one-time-code" inputmode="numeric" maxlength="20"></label>`
      : view.needs === 'new-password'
        ? html`<label>Email <input type="email" name="email" autocomplete="username" value="${view.email}" readonly></label>
  <label>Choose a password <input type="password" name="password" autocomplete="new-password" required minlength="10" aria-describedby="password-rule"></label>
  <p id="password-rule" class="muted">At least 10 characters. A passphrase from a password manager is best.</p>`
        : html``;
  const body = html`<p>You are invited to <strong>${view.workspaceName}</strong> as <strong>${view.role}</strong>,
as <strong>${view.email}</strong>.</p>
<form method="post" action="/invitations/${view.token}" class="stack">
  ${csrfInput(view.csrfToken)}
  ${fields}
  <button type="submit">Join the workspace</button>
</form>`;
  return page({ title: 'Join a workspace', notice: view.notice, body });
}

export function invitationClosedPage(text: string) {
  return page({
    title: 'This invitation does not open',
    notice: { kind: 'error', text },
    body: html`<p>Ask an admin of the workspace for a new link. <a href="/login">Sign in</a></p>`,
  });
}
