import { html } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';

export interface SignInForm {
  csrfToken: string;
  email?: string;
  next?: string | undefined;
  notice?: Notice | undefined;
  signupOpen: boolean;
}

/** A sign-in or sign-up address that still returns to `next` (a consent page, say) afterwards. */
function withNext(path: string, next: string | undefined): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export function signInPage(form: SignInForm) {
  const body = html`<form method="post" action="/login" class="stack">
  ${csrfInput(form.csrfToken)}
  ${form.next ? html`<input type="hidden" name="next" value="${form.next}">` : ''}
  <label>Email <input type="email" name="email" autocomplete="username" required value="${form.email ?? ''}"></label>
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <label>Authenticator code <span class="muted">(if you set one up)</span> <input type="text" name="code" autocomplete="one-time-code" inputmode="numeric" maxlength="20"></label>
  <button type="submit">Sign in</button>
</form>
<p class="muted">Owners made with the CLI get a password with <code>npx adops users set-password --email you@example.com</code>.</p>
${form.signupOpen ? html`<p>New here? <a href="${withNext('/signup', form.next)}">Create an account</a>.</p>` : ''}`;
  return page({ title: 'Sign in', notice: form.notice, body });
}

export function signUpPage(form: SignInForm) {
  const body = form.signupOpen
    ? html`<form method="post" action="/signup" class="stack">
  ${csrfInput(form.csrfToken)}
  ${form.next ? html`<input type="hidden" name="next" value="${form.next}">` : ''}
  <label>Email <input type="email" name="email" autocomplete="username" required value="${form.email ?? ''}"></label>
  <label>Password <input type="password" name="password" autocomplete="new-password" required minlength="10" aria-describedby="password-rule"></label>
  <p id="password-rule" class="muted">At least 10 characters. A passphrase from a password manager is best.</p>
  <button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="${withNext('/login', form.next)}">Sign in</a>.</p>`
    : html`<p>This service does not take sign-ups. Ask its operator for an account, then <a href="/login">sign in</a>.</p>`;
  return page({ title: 'Create an account', notice: form.notice, body });
}
