import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { checkCredentials, SignUpError, signUp } from '../owners/credentials.ts';
import { checkSecondFactor, hasSecondFactor } from '../owners/second-factor.ts';
import { isSandboxConsentPath } from '../sandbox/approval-page.ts';
import { listWorkspacesOf } from '../storage/memberships.ts';
import type { Person, User } from '../storage/schema.ts';
import { consoleRequest } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { html } from '../web/html.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { isOAuthConsentPath } from '../web/oauth-consent-path.ts';
import { endSession, startSession } from '../web/session.ts';
import { signInPage, signUpPage } from './sign-in-pages.ts';
import type { SignInThrottle } from './throttle.ts';

const HOME = '/';
// Only the console's own pages and the consent pages (sandbox, OAuth) that sent the owner here: a `next`
// pointing elsewhere would make the sign-in an open redirect.
const RETURN_PATHS = new Set([
  '/',
  '/activity',
  '/approvals',
  '/keys',
  '/connections',
  '/usage',
  '/billing',
  '/members',
]);

function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return RETURN_PATHS.has(value) || isSandboxConsentPath(value) || isOAuthConsentPath(value)
    ? value
    : undefined;
}

function tooManyAttempts(seconds: number): Notice {
  const minutes = Math.ceil(seconds / 60);
  return {
    kind: 'error',
    text: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  };
}

export function registerSignInRoutes(
  app: FastifyInstance,
  services: Services,
  throttle: SignInThrottle,
): void {
  const { config, storage, clock } = services;
  const signupOpen = config.console.signup === 'open';

  const signedInRedirect = (request: FastifyRequest, reply: FastifyReply, to: string) =>
    consoleRequest(request).session ? reply.redirect(to, 303) : undefined;

  app.get<{ Querystring: { next?: string; done?: string } }>('/login', async (request, reply) => {
    const next = safeNext(request.query.next);
    if (consoleRequest(request).session) return reply.redirect(next ?? HOME, 303);
    const notice: Notice | undefined =
      request.query.done === 'signed-out' ? { kind: 'success', text: 'You are signed out.' } : undefined;
    return sendPage(
      reply,
      200,
      signInPage({ csrfToken: consoleRequest(request).csrfToken, next, notice, signupOpen }),
    );
  });

  app.post('/login', async (request, reply) => {
    const email = formField(request, 'email').trim().toLowerCase();
    const password = formField(request, 'password');
    const next = safeNext(formField(request, 'next'));
    const form = { csrfToken: consoleRequest(request).csrfToken, email, next, signupOpen };
    const wait = throttle.retryAfterSeconds(email, request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return sendPage(reply, 429, signInPage({ ...form, notice: tooManyAttempts(wait) }));
    }
    const person = await checkCredentials(storage.db, email, password);
    if (!person) {
      throttle.recordFailure(email, request.ip);
      const notice: Notice = { kind: 'error', text: 'The email or the password is wrong.' };
      return sendPage(reply, 401, signInPage({ ...form, notice }));
    }
    // Someone who set up an authenticator gives its code (or a recovery code) with the password.
    const secondFactor = await hasSecondFactor(services, person.id);
    if (secondFactor && !(await checkSecondFactor(services, person, formField(request, 'code')))) {
      throttle.recordFailure(email, request.ip);
      const text = 'Enter the 6-digit code your authenticator app shows, or one of your recovery codes.';
      return sendPage(reply, 401, signInPage({ ...form, notice: { kind: 'error', text } }));
    }
    throttle.recordSuccess(email);
    // The workspace a sign-in opens: the first by name; the header's switcher shows the others.
    const [workspace] = await listWorkspacesOf(storage.db, person.id);
    if (!workspace) {
      const text = 'You are not a member of any workspace. Ask an admin of yours for an invitation.';
      return sendPage(reply, 403, signInPage({ ...form, notice: { kind: 'error', text } }));
    }
    await services.oauth.forgetSignIn(request.headers.cookie);
    reply.header('set-cookie', await startSession(services, person.id, workspace.id, secondFactor));
    return reply.redirect(next ?? HOME, 303);
  });

  app.get<{ Querystring: { next?: string } }>('/signup', async (request, reply) => {
    const next = safeNext(request.query.next);
    return (
      signedInRedirect(request, reply, next ?? HOME) ??
      sendPage(reply, 200, signUpPage({ csrfToken: consoleRequest(request).csrfToken, next, signupOpen }))
    );
  });

  app.post('/signup', async (request, reply) => {
    const email = formField(request, 'email').trim().toLowerCase();
    const password = formField(request, 'password');
    const next = safeNext(formField(request, 'next'));
    const form = { csrfToken: consoleRequest(request).csrfToken, email, next, signupOpen };
    const refuse = (status: number, text: Notice['text']) =>
      sendPage(reply, status, signUpPage({ ...form, notice: { kind: 'error', text } }));
    if (!signupOpen) return refuse(403, 'Sign-up is closed on this service.');
    const wait = throttle.retryAfterSeconds(email, request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return refuse(429, tooManyAttempts(wait).text);
    }
    // A refused sign-up counts against the address, so probing which emails exist is throttled too.
    const refuseAndCount = (status: number, text: Notice['text']) => {
      throttle.recordFailure(undefined, request.ip);
      return refuse(status, text);
    };
    let made: { workspace: User; person: Person };
    try {
      made = await signUp(storage.db, email, password, clock.now());
    } catch (error) {
      if (!(error instanceof SignUpError)) throw error;
      return error.reason === 'taken'
        ? refuseAndCount(409, html`An account with this email exists. <a href="/login">Sign in</a> instead.`)
        : refuseAndCount(400, error.message);
    }
    await services.oauth.forgetSignIn(request.headers.cookie);
    reply.header('set-cookie', await startSession(services, made.person.id, made.workspace.id));
    return reply.redirect(next ?? HOME, 303);
  });

  app.post('/logout', async (request, reply) => {
    const session = consoleRequest(request).session;
    await services.oauth.forgetSignIn(request.headers.cookie);
    if (session) reply.header('set-cookie', await endSession(services, session));
    return reply.redirect('/login?done=signed-out', 303);
  });
}
