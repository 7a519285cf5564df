import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { approvalDecided } from '../notifications/approval-events.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { Outcome } from '../pipeline/outcome.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import { findApproval, moveApproval, pendingPastExpiry, recordFirstApproval } from '../storage/approvals.ts';
import type { Approval, User } from '../storage/schema.ts';
import { type ApprovalChange, type ApprovalStatus, statusOf } from '../tools/approvals/approval-object.ts';
import type { Change } from '../tools/changes/change.ts';
import { driftOf } from './drift.ts';
import type { ActingMember } from './owner-caller.ts';
import { OwnerError } from './owner-error.ts';
import { requesterNow } from './requester.ts';
import { runOnce } from './run-once.ts';
import { OwnApprovalError, refuseOwnApproval } from './separation-of-duties.ts';
import { twoApproversThreshold } from './two-approvers.ts';

/** What became of an owner's decision, and the approval as it now stands. */
export interface Decision {
  status: ApprovalStatus;
  /** For the owner, in a sentence. */
  message: string;
  approval: Approval;
}

/**
 * Failures that leave an approved change to be applied by a later approve (the same idempotency key
 * resumes or replays it): the database, the service stopping, the platform throttling or failing.
 */
const RETRIED = new Set([
  'idempotency_key_in_flight',
  'storage_unavailable',
  'service_unavailable',
  'upstream_rate_limited',
  'upstream_error',
  'internal_error',
]);

async function ownersApproval(services: PipelineServices, owner: User, id: string): Promise<Approval> {
  const approval = await findApproval(services.storage.db, owner.id, id);
  if (!approval) throw new OwnerError(`No approval ${id} for ${owner.email}.`);
  return approval;
}

async function current(services: PipelineServices, owner: User, id: string, message: string) {
  const approval = await ownersApproval(services, owner, id);
  return { status: statusOf(approval, services.clock.now()), message, approval };
}

/**
 * Settles a pending approval past its expiry as expired; answers a decided one as it stands. Undefined
 * while it still waits for a decision.
 */
async function alreadySettled(services: PipelineServices, owner: User, approval: Approval) {
  const status = statusOf(approval, services.clock.now());
  if (status === 'expired' && approval.status === 'pending') {
    const moved = await moveApproval(services.storage.db, approval.id, 'pending', { status: 'expired' });
    const expired = await current(
      services,
      owner,
      approval.id,
      'This approval expired before a decision: nothing was made.',
    );
    if (moved) await approvalDecided(services, expired.approval);
    return expired;
  }
  if (status === 'pending' || status === 'approved') return undefined;
  return { status, message: `This approval is already ${status}.`, approval };
}

/**
 * Settles the approvals nobody decided in time as expired, and tells their owners (`approval.decided`):
 * the maintenance queue runs it every minute, so an expiry is told without waiting for the owner to look.
 * Answers how many it settled.
 */
export async function expireApprovals(services: PipelineServices, batch = 100): Promise<number> {
  const { db } = services.storage;
  let settled = 0;
  for (const approval of await pendingPastExpiry(db, services.clock.now(), batch)) {
    if (!(await moveApproval(db, approval.id, 'pending', { status: 'expired' }))) continue;
    settled += 1;
    await approvalDecided(services, { ...approval, status: 'expired' });
  }
  return settled;
}

/**
 * The owner approves: the approval moves from pending to approved (of two instances approving at once,
 * one moves it), then the ordinary pipeline applies the stored change under the approval's idempotency
 * key, so it is written once however often it is approved. The tool reads the campaign live again: if it
 * no longer shows what the approval was computed from, the approval ends `drifted` and nothing is written.
 */
export async function approveChange(
  services: PipelineServices,
  owner: User,
  id: string,
  member?: ActingMember,
): Promise<Decision> {
  const { db } = services.storage;
  const now = services.clock.now();
  const approval = await ownersApproval(services, owner, id);
  const settled = await alreadySettled(services, owner, approval);
  if (settled) return settled;
  if (approval.status === 'pending') {
    await refuseOwnApproval(db, approval, member);
    const first = await firstOfTwoApprovals(services, owner, approval, member);
    if (first) return first;
    await moveApproval(db, id, 'pending', {
      status: 'approved',
      decided_at: now.toISOString(),
      decided_by: member?.email ?? owner.email,
    });
  }
  const decided = await ownersApproval(services, owner, id);
  if (decided.status !== 'approved') {
    return {
      status: statusOf(decided, now),
      message: `This approval is already ${decided.status}.`,
      approval: decided,
    };
  }
  const change = JSON.parse(decided.change) as ApprovalChange;
  const requester = await requesterNow(services, decided, owner);
  if (!requester.live) {
    const result = JSON.stringify({ code: requester.code, message: requester.reason });
    await moveApproval(db, id, 'approved', { status: 'failed', result });
    const ended = await current(services, owner, id, `Not applied (failed): ${requester.reason}`);
    await approvalDecided(services, ended.approval);
    return ended;
  }
  const run = () =>
    executeTool(services, requester.caller, decided.tool, JSON.parse(decided.arguments), {
      requestId: newId('req'),
      mode: {
        kind: 'approval',
        approvalId: id,
        approvedBy: decided.decided_by ?? owner.email,
        check: (now) => checkApprovalDrift(change, now),
      },
    });
  const { outcome } = await runOnce(run, services.config.callLeaseSeconds);
  const decision = await settle(services, owner, decided, outcome);
  // Told once the decision is carried out: applied, drifted or failed, not while it waits for a retry.
  if (decision.approval.status !== 'approved') await approvalDecided(services, decision.approval);
  return decision;
}

/**
 * Of a change above the workspace's amount for two approvers, the first approval: recorded, and the
 * decision answered as waiting for a second approver, who must be someone else. Undefined when this
 * approval is the one that decides (one approver suffices, or this is the second).
 */
async function firstOfTwoApprovals(
  services: PipelineServices,
  owner: User,
  approval: Approval,
  member: ActingMember | undefined,
): Promise<Decision | undefined> {
  const threshold = twoApproversThreshold(owner, approval);
  if (!threshold) return undefined;
  const by = member?.email ?? owner.email;
  if (approval.first_approved_by === by)
    throw new OwnApprovalError(
      `You gave the first approval: this change is above ${threshold}, so another approver gives the second.`,
    );
  if (approval.first_approved_by) return undefined;
  if (!(await recordFirstApproval(services.storage.db, approval.id, by, services.clock.now()))) {
    // Another member gave the first approval meanwhile (this one is the second), or decided it.
    const now = await ownersApproval(services, owner, approval.id);
    if (now.status !== 'pending' || !now.first_approved_by)
      return {
        status: statusOf(now, services.clock.now()),
        message: `This approval is already ${now.status}.`,
        approval: now,
      };
    return firstOfTwoApprovals(services, owner, now, member);
  }
  return current(
    services,
    owner,
    approval.id,
    `First approval recorded: this change is above ${threshold}, so a second approver must approve it too.`,
  );
}

/** An approved change is applied only to the objects as they were when the approval was asked for. */
function checkApprovalDrift(approved: ApprovalChange, change: Change): void {
  const { changed, now, subject, words } = driftOf(approved.before, change);
  if (changed.length === 0) return;
  throw new AppError(
    'approval_drifted',
    `${subject} changed since the approval was asked for: ${words}. Nothing was written. The agent can ` +
      'ask again from it as it is now.',
    { structuredContent: { changed, when_asked: approved.before, now } },
  );
}

async function settle(
  services: PipelineServices,
  owner: User,
  approval: Approval,
  outcome: Outcome,
): Promise<Decision> {
  const { db } = services.storage;
  if (outcome.ok) {
    const result = JSON.stringify({ text: outcome.data.text, structured: outcome.data.structured ?? null });
    await moveApproval(db, approval.id, 'approved', { status: 'applied', result });
    return current(services, owner, approval.id, `Applied: ${outcome.data.text}`);
  }
  if (RETRIED.has(outcome.code)) {
    return current(
      services,
      owner,
      approval.id,
      `Approved, not applied yet: ${outcome.message} Approve it again to finish; it is written once.`,
    );
  }
  const status = outcome.code === 'approval_drifted' ? 'drifted' : 'failed';
  const result = JSON.stringify({
    code: outcome.code,
    message: outcome.message,
    ...(outcome.structuredContent && { details: outcome.structuredContent }),
  });
  await moveApproval(db, approval.id, 'approved', { status, result });
  return current(services, owner, approval.id, `Not applied (${status}): ${outcome.message}`);
}

/** The owner rejects: nothing is made, and the agent's get_approval says so. */
export async function rejectChange(
  services: PipelineServices,
  owner: User,
  id: string,
  member?: ActingMember,
): Promise<Decision> {
  const approval = await ownersApproval(services, owner, id);
  const settled = await alreadySettled(services, owner, approval);
  if (settled) return settled;
  if (approval.status !== 'pending') {
    return { status: 'approved', message: 'This approval is already approved and being applied.', approval };
  }
  const now = services.clock.now().toISOString();
  const moved = await moveApproval(services.storage.db, id, 'pending', {
    status: 'rejected',
    decided_at: now,
    decided_by: member?.email ?? owner.email,
  });
  const rejected = await current(services, owner, id, 'Rejected: nothing was made.');
  if (moved) await approvalDecided(services, rejected.approval);
  return rejected;
}
