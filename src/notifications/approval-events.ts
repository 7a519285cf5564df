import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import type { Approval } from '../storage/schema.ts';
import { type ApprovalChange, approvalObject, approveUrl } from '../tools/approvals/approval-object.ts';
import { tellOwner } from './emit-event.ts';
import { eventIdOf } from './event-id.ts';
import type { NotificationServices } from './notification-services.ts';

function where(change: ApprovalChange): string {
  const platform = change.platform && isPlatform(change.platform) ? PLATFORM_INFO[change.platform].label : '';
  return platform && change.account ? ` on ${platform} account ${change.account}` : '';
}

/** `approval.requested`: a change waits for the owner (one event per approval). */
export async function approvalRequested(services: NotificationServices, approval: Approval): Promise<void> {
  const { appUrl } = services.config;
  const change = JSON.parse(approval.change) as ApprovalChange;
  await tellOwner(services, {
    id: eventIdOf('approval.requested', approval.id),
    userId: approval.user_id,
    type: 'approval.requested',
    data: { approval: approvalObject(approval, appUrl, services.clock.now()) },
    text:
      `Approval needed: ${approval.requested_by} asks to ${change.what}${where(change)}. Approve or ` +
      `reject it at ${approveUrl(appUrl, approval.id)} before ${approval.expires_at}.`,
  });
}

const DECIDED_WORDS: Record<string, string> = {
  applied: 'approved and applied',
  approved: 'approved, not applied yet',
  rejected: 'rejected: nothing was made',
  expired: 'expired before a decision: nothing was made',
  drifted: 'approved, not applied: the campaign changed since it was asked for',
  failed: 'approved, not applied: the platform refused it',
};

/**
 * `approval.decided`: the approval left `pending`, by the owner's decision or its expiry (one event
 * per approval; `data.approval.status` is how it stood once the decision was carried out).
 */
export async function approvalDecided(services: NotificationServices, approval: Approval): Promise<void> {
  const { appUrl } = services.config;
  const change = JSON.parse(approval.change) as ApprovalChange;
  const object = approvalObject(approval, appUrl, services.clock.now());
  const words = DECIDED_WORDS[String(object.status)] ?? String(object.status);
  const by = approval.decided_by ? ` by ${approval.decided_by}` : '';
  await tellOwner(services, {
    id: eventIdOf('approval.decided', approval.id),
    userId: approval.user_id,
    type: 'approval.decided',
    data: { approval: object },
    text: `Approval ${words}${object.status === 'expired' ? '' : by}: ${change.what}${where(change)} (asked by ${approval.requested_by}).`,
  });
}
