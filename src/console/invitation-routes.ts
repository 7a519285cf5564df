import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { checkCredentials, setPersonPassword } from '../owners/credentials.ts';
import { acceptInvitation, findInvitation, invitationState } from '../owners/members.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { passwordProblem } from '../owners/passwords.ts';
import { checkSecondFactor, hasSecondFactor } from '../owners/second-factor.ts';
import { switchSessionWorkspace } from '../storage/console-sessions.ts';
import { listWorkspacesOf } from '../storage/memberships.ts';
import { ensurePerson, findPasswordHash, findPersonByEmail } from '../storage/people.ts';
import type { Person } from '../storage/schema.ts';
import { consoleRequest } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { sendPage } from '../web/layout.ts';
import { startSession } from '../web/session.ts';
import { type InvitationView, invitationClosedPage, invitationPage } from './invitation-page.ts';
import type { SignInThrottle } from './throttle.ts';

const CLOSED: Record<string, string> = {
  accepted: 'This invitation was used already.',
  revoked: 'This invitation was withdrawn.',
  expired: 'This invitation has expired.',
};

/**
 * The link an admin sends: whoever opens it joins as the invited address, signed in already, with their
 * password, or with a new one when the address has none. It opens once.
 */
export function registerInvitationRoutes(
  app: FastifyInstance,
  services: Services,
  throttle: SignInThrottle,
): void {
  const { storage, clock } = services;

  async function open(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) {
    const invitation = await findInvitation(storage.db, request.params.token);
    if (!invitation) {
      sendPage(reply, 404, invitationClosedPage('This invitation link is not one this service made.'));
      return undefined;
    }
    const state = invitationState(invitation, clock.now());
    if (state !== 'open') {
      sendPage(reply, 410, invitationClosedPage(CLOSED[state] ?? 'This invitation does not open.'));
      return undefined;
    }
    const person = await findPersonByEmail(storage.db, invitation.email);
    const session = consoleRequest(request).session;
    const signedInAsThem = session !== undefined && session.member.email === invitation.email;
    const hasPassword = person !== undefined && (await findPasswordHash(storage.db, person.id)) !== undefined;
    const view: InvitationView = {
      csrfToken: consoleRequest(request).csrfToken,
      token: request.params.token,
      workspaceName: invitation.workspace_name,
      email: invitation.email,
      role: invitation.role,
      needs: signedInAsThem ? 'nothing' : hasPassword ? 'password' : 'new-password',
    };
    return { invitation, person, view };
  }

  app.get<{ Params: { token: string } }>('/invitations/:token', async (request, reply) => {
    const opened = await open(request, reply);
    if (!opened) return reply;
    return sendPage(reply, 200, invitationPage(opened.view));
  });

  app.post<{ Params: { token: string } }>('/invitations/:token', async (request, reply) => {
    const opened = await open(request, reply);
    if (!opened) return reply;
    const { invitation, view } = opened;
    const refuse = (status: number, text: string) =>
      sendPage(reply, status, invitationPage({ ...view, notice: { kind: 'error', text } }));
    const password = formField(request, 'password');
    let person: Person | undefined = opened.person;
    let withSecondFactor = false;
    if (view.needs === 'password') {
      const wait = throttle.retryAfterSeconds(invitation.email, request.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return refuse(429, `Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      person = await checkCredentials(storage.db, invitation.email, password);
      withSecondFactor = person !== undefined && (await hasSecondFactor(services, person.id));
      const secondFactorMissing =
        person !== undefined &&
        withSecondFactor &&
        !(await checkSecondFactor(services, person, formField(request, 'code')));
      if (!person || secondFactorMissing) {
        throttle.recordFailure(invitation.email, request.ip);
        return refuse(401, 'The password or the authenticator code is wrong.');
      }
    }
    if (view.needs === 'new-password') {
      // Whoever holds the link may choose the password of an address that has none, but only of one that
      // belongs to no workspace yet: a member made without a password is given one by the operator.
      if (person && (await listWorkspacesOf(storage.db, person.id)).length > 0)
        return refuse(
          409,
          `${invitation.email} is a member elsewhere without a password. Ask the operator to set one (npx adops users set-password), then open this link again.`,
        );
      const problem = passwordProblem(password);
      if (problem) return refuse(400, `Choose another password: ${problem}`);
      person = await ensurePerson(storage.db, invitation.email, clock.now());
      await setPersonPassword(storage.db, person.id, password, clock.now());
    }
    if (!person) throw new Error('an invitation was accepted by nobody');
    try {
      await acceptInvitation(storage.db, invitation, person, clock.now());
    } catch (error) {
      if (!(error instanceof OwnerError)) throw error;
      return sendPage(reply, 410, invitationClosedPage(error.message));
    }
    request.log.info({ invitation: invitation.id }, 'console invitation accepted');
    const session = consoleRequest(request).session;
    if (session && view.needs === 'nothing') {
      await switchSessionWorkspace(storage.db, session.idHash, invitation.workspace_id);
    } else {
      await services.oauth.forgetSignIn(request.headers.cookie);
      reply.header(
        'set-cookie',
        await startSession(services, person.id, invitation.workspace_id, withSecondFactor),
      );
    }
    return reply.redirect('/', 303);
  });
}
