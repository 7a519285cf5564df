import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { inviteMember, removeMember, setMemberRole } from '../owners/members.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { parseTwoApproversAbove, twoApproversAboveText } from '../owners/two-approvers.ts';
import { switchSessionWorkspace } from '../storage/console-sessions.ts';
import { listOpenInvitations, revokeInvitation } from '../storage/invitations.ts';
import { listMemberActions } from '../storage/member-actions.ts';
import { listMembers } from '../storage/memberships.ts';
import { findPersonById } from '../storage/people.ts';
import { findUserById, setSecondFactorRequirement, setTwoApproversAbove } from '../storage/users.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import type { SafeHtml } from '../web/html.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { ADMIN } from '../web/roles.ts';
import { membersPage, newInvitationBox } from './members-page.ts';

/** How many of the members' latest actions the page lists. */
const ACTIONS_SHOWN = 30;

const DONE = {
  role: 'The role is changed: it applies from their next page.',
  removed: 'The member is removed: their sessions in this workspace end now.',
  withdrawn: 'The invitation is withdrawn: its link no longer opens.',
  'second-factor-on':
    'Approvers and admins now approve and administer only once signed in with a second factor.',
  'second-factor-off': 'A second factor is no longer required.',
  'two-approvers-on': 'Changes above that amount a day now wait for two approvers.',
  'two-approvers-off': 'One approver decides every change.',
} as const;

/** The members of the workspace, invitations, roles; and the switch between a person's workspaces. */
export function registerMembersRoutes(app: FastifyInstance, services: Services): void {
  const { config, storage, clock } = services;

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { notice?: Notice } = {},
  ) {
    const session = signedIn(request);
    const [members, invitations, actions] = await Promise.all([
      listMembers(storage.db, session.user.id),
      listOpenInvitations(storage.db, session.user.id),
      listMemberActions(storage.db, session.user.id, ACTIONS_SHOWN),
    ]);
    const twoApproversAbove = twoApproversAboveText(await workspaceOf(request));
    return sendPage(
      reply,
      status,
      membersPage({ session, members, invitations, actions, now: clock.now(), twoApproversAbove, ...extra }),
    );
  }

  async function workspaceOf(request: FastifyRequest) {
    const workspace = await findUserById(storage.db, signedIn(request).user.id);
    if (!workspace) throw new Error('the signed-in workspace no longer exists');
    return workspace;
  }

  const done = (request: FastifyRequest, reply: FastifyReply, text: string, details?: SafeHtml) =>
    formDone(services, request, reply, '/members', text, details);

  /** Runs a change of members; an OwnerError is the notice of the page shown again, with 400. */
  async function change(request: FastifyRequest, reply: FastifyReply, act: () => Promise<keyof typeof DONE>) {
    try {
      return await done(request, reply, DONE[await act()]);
    } catch (error) {
      if (!(error instanceof OwnerError)) throw error;
      return render(request, reply, 400, { notice: { kind: 'error', text: error.message } });
    }
  }

  async function emailOf(personId: string): Promise<string> {
    const person = await findPersonById(storage.db, personId);
    if (!person) throw new OwnerError('There is no such member.');
    return person.email;
  }

  app.get('/members', async (request, reply) => render(request, reply, 200));

  app.post('/members/invite', ADMIN, async (request, reply) => {
    try {
      const newInvitation = await inviteMember(
        storage.db,
        {
          workspace: await workspaceOf(request),
          email: formField(request, 'email'),
          role: formField(request, 'role'),
          invitedBy: signedIn(request).member.personId,
          appUrl: config.appUrl,
        },
        clock.now(),
      );
      request.log.info({ invitation: newInvitation.invitation.id }, 'console invited a member');
      const text = `The invitation of ${newInvitation.invitation.email} is made.`;
      return await done(request, reply, text, newInvitationBox(newInvitation));
    } catch (error) {
      if (!(error instanceof OwnerError)) throw error;
      return render(request, reply, 400, { notice: { kind: 'error', text: error.message } });
    }
  });

  app.post<{ Params: { id: string } }>('/members/:id/role', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      const workspace = await workspaceOf(request);
      await setMemberRole(
        storage.db,
        workspace,
        await emailOf(request.params.id),
        formField(request, 'role'),
        clock.now(),
      );
      return 'role';
    }),
  );

  app.post<{ Params: { id: string } }>('/members/:id/remove', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      await removeMember(storage.db, await workspaceOf(request), await emailOf(request.params.id));
      return 'removed';
    }),
  );

  app.post<{ Params: { id: string } }>('/members/invitations/:id/withdraw', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      const session = signedIn(request);
      if (!(await revokeInvitation(storage.db, session.user.id, request.params.id, clock.now())))
        throw new OwnerError('That invitation was accepted or withdrawn already.');
      return 'withdrawn';
    }),
  );

  app.post('/members/second-factor', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const required = formField(request, 'second_factor') === 'approvers';
    // An admin who turns it on without one would lock every admin form, this one included.
    if (required && !session.secondFactor) {
      const text = 'Sign in with a second factor yourself first (set one up on your account page, /account).';
      return render(request, reply, 400, { notice: { kind: 'error', text } });
    }
    await setSecondFactorRequirement(storage.db, session.user.id, required ? 'approvers' : 'off');
    request.log.info({ required }, 'console set the second factor requirement');
    return done(request, reply, DONE[required ? 'second-factor-on' : 'second-factor-off']);
  });

  app.post('/members/two-approvers', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      const thresholds = parseTwoApproversAbove(formField(request, 'two_approvers_above'));
      await setTwoApproversAbove(storage.db, signedIn(request).user.id, thresholds);
      return thresholds ? 'two-approvers-on' : 'two-approvers-off';
    }),
  );

  // Any member may look at another of their workspaces; the role there is theirs there.
  app.post('/workspace', { config: { role: 'viewer' } }, async (request, reply) => {
    const session = signedIn(request);
    const target = formField(request, 'workspace_id');
    if (!session.workspaces.some((workspace) => workspace.id === target)) {
      return render(request, reply, 400, {
        notice: { kind: 'error', text: 'You are not a member of that workspace.' },
      });
    }
    await switchSessionWorkspace(storage.db, session.idHash, target);
    return reply.redirect('/', 303);
  });
}
