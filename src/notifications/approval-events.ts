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

/** How an approval ended, and what that did: the verdict goes with who decided, the outcome after. */
const DECIDED_WORDS: Record<string, { verdict: string; outcome: string }> = {
  applied: { verdict: 'approved', outcome: 'It was applied.' },
  approved: { verdict: 'approved', outcome: 'It is not applied yet.' },
  rejected: { verdict: 'rejected', outcome: 'Nothing was changed.' },
  expired: { verdict: 'expired before anyone decided', outcome: 'Nothing was changed.' },
  drifted: {
    verdict: 'approved',
    outcome: 'It was not applied: the campaign changed since it was asked for.',
  },
  failed: { verdict: 'approved', outcome: 'It was not applied: the platform refused it.' },
};

/**
 * `approval.decided`: the approval left `pending`, by the owner's decision or its expiry (one event
 * per approval; `data.approval.status` is how it stood once the decision was carried out).
 */
export async function approvalDecided(services: NotificationServices, approval: Approval): Promise<void> {
  const { appUrl } = services.config;
  const change = JSON.parse(approval.change) as ApprovalChange;
  const object = approvalObject(approval, appUrl, services.clock.now());
  const status = String(object.status);
  const { verdict, outcome } = DECIDED_WORDS[status] ?? { verdict: status, outcome: '' };
  const by = approval.decided_by && status !== 'expired' ? ` by ${approval.decided_by}` : '';
  await tellOwner(services, {
    id: eventIdOf('approval.decided', approval.id),
    userId: approval.user_id,
    type: 'approval.decided',
    data: { approval: object },
    text: `Approval ${verdict}${by}: ${change.what}${where(change)} (asked by ${approval.requested_by}). ${outcome}`.trim(),
  });
}
