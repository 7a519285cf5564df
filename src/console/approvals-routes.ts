import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { approveChange, type Decision, rejectChange } from '../owners/approvals.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { requesterNow } from '../owners/requester.ts';
import { OwnApprovalError } from '../owners/separation-of-duties.ts';
import { findApproval, listApprovals } from '../storage/approvals.ts';
import { findUserById } from '../storage/users.ts';
import { statusOf } from '../tools/approvals/approval-object.ts';
import { actingMember } from '../web/acting-member.ts';
import { signedIn } from '../web/console-request.ts';
import { seeOther } from '../web/flash.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { isLimited, seesAccountOf, visibleAccounts } from '../web/member-scope.ts';
import { APPROVER } from '../web/roles.ts';
import { approvalPage } from './approval-page.ts';
import { decisionNotice } from './approval-view.ts';
import { approvalsPage } from './approvals-page.ts';

/** How many pending approvals the list shows, and how many decided ones below them. */
const PENDING_SHOWN = 100;
const DECIDED_SHOWN = 20;

export function registerApprovalsRoutes(app: FastifyInstance, services: Services): void {
  const { storage, clock } = services;

  async function renderList(request: FastifyRequest, reply: FastifyReply, status: number, notice?: Notice) {
    const session = signedIn(request);
    const now = clock.now();
    const [allWaiting, allLatest, accounts] = await Promise.all([
      listApprovals(storage.db, session.user.id, { status: 'pending', limit: PENDING_SHOWN }),
      listApprovals(storage.db, session.user.id, { limit: PENDING_SHOWN + DECIDED_SHOWN }),
      isLimited(session) ? visibleAccounts(storage.db, session) : undefined,
    ]);
    const sees = (approval: { account_id: string | null }) =>
      !accounts || accounts.some((a) => a.account_id === approval.account_id);
    const waiting = allWaiting.filter(sees);
    const latest = allLatest.filter(sees);
    const view = {
      session,
      now,
      notice,
      pending: waiting.filter((approval) => statusOf(approval, now) === 'pending'),
      // An expired one is decided by the clock, stored as pending or not yet.
      decided: latest.filter((approval) => statusOf(approval, now) !== 'pending').slice(0, DECIDED_SHOWN),
    };
    return sendPage(reply, status, approvalsPage(view));
  }

  const noSuchApproval = (request: FastifyRequest, reply: FastifyReply) =>
    renderList(request, reply, 404, { kind: 'error', text: 'There is no such approval.' });

  app.get('/approvals', async (request, reply) => renderList(request, reply, 200));

  async function renderApproval(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    status: number,
    refusal?: string,
  ) {
    const session = signedIn(request);
    const approval = await findApproval(storage.db, session.user.id, request.params.id);
    if (!approval || !(await seesAccountOf(storage.db, session, approval))) {
      return noSuchApproval(request, reply);
    }
    const now = clock.now();
    const state = statusOf(approval, now);
    const notice: Notice | undefined = refusal ? { kind: 'error', text: refusal } : undefined;
    const owner = await findUserById(storage.db, session.user.id);
    const requester =
      owner && (state === 'pending' || state === 'approved')
        ? await requesterNow(services, approval, owner)
        : undefined;
    const gone = requester && !requester.live ? requester.reason : undefined;
    return sendPage(reply, status, approvalPage({ session, approval, now, notice, gone }));
  }

  app.get<{ Params: { id: string } }>('/approvals/:id', async (request, reply) =>
    renderApproval(request, reply, 200),
  );

  /** Runs the owner's decision, then shows the approval as it now stands (post, redirect, get). */
  function decide(route: string, use: typeof approveChange) {
    app.post<{ Params: { id: string } }>(route, APPROVER, async (request, reply) => {
      const session = signedIn(request);
      const owner = await findUserById(storage.db, session.user.id);
      if (!owner) throw new Error('the signed-in owner no longer exists');
      const asked = await findApproval(storage.db, owner.id, request.params.id);
      if (!asked || !(await seesAccountOf(storage.db, session, asked))) {
        return noSuchApproval(request, reply);
      }
      let decision: Decision;
      try {
        decision = await use(services, owner, request.params.id, actingMember(session));
      } catch (error) {
        if (error instanceof OwnApprovalError) return renderApproval(request, reply, 403, error.message);
        if (error instanceof OwnerError) return noSuchApproval(request, reply);
        throw error;
      }
      request.log.info(
        { approval_id: decision.approval.id, status: decision.status },
        `console decided an approval: ${decision.message}`,
      );
      const notice = decisionNotice(decision.approval, statusOf(decision.approval, clock.now()));
      return seeOther(services, reply, session, `/approvals/${decision.approval.id}`, notice);
    });
  }
  decide('/approvals/:id/approve', approveChange);
  decide('/approvals/:id/reject', rejectChange);
}
