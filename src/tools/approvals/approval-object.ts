import { z } from 'zod';
import type { Approval } from '../../storage/schema.ts';

/** What a change waiting for approval is, as stored with it and shown to the owner and the agent. */
export interface ApprovalChange {
  tool: string;
  platform: string | null;
  account: string | null;
  /** `campaign 1800000000000003`. */
  object: string;
  /** In words: `raise the budget of campaign 1800000000000003 to 5000000.00 USD`. */
  what: string;
  currency: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Decimal strings with a sign, in `currency`; null when the campaign has no daily budget to judge by. */
  projected_daily_delta: string | null;
  projected_period_delta: string | null;
  /** The last day the period delta counts: the end of the current month (UTC). */
  period_end: string;
}

/**
 * The output schema of `impact`, which the pipeline adds to the dry run of a change to a campaign's
 * spend (src/pipeline/spend-guardrails.ts).
 */
export const IMPACT_OUTPUT = z
  .object({
    currency: z.string().describe('The currency of the deltas.'),
    projected_daily_delta: z.string().nullable().describe('Daily spend after minus before, signed.'),
    projected_period_delta: z.string().nullable().describe('That delta to the end of the month.'),
    period_end: z.string().describe('The last day the period delta counts (UTC).'),
    approval_needed: z.string().optional().describe('Why applying it would wait for approval.'),
  })
  .optional()
  .describe("On a dry run: the change's projected effect on spend.");

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'applied',
  'rejected',
  'expired',
  'drifted',
  'failed',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** An approval's status as of `now`: a pending one past its expiry is expired, stored so or not yet. */
export function statusOf(approval: Approval, now: Date): ApprovalStatus {
  if (approval.status === 'pending' && approval.expires_at <= now.toISOString()) return 'expired';
  return (APPROVAL_STATUSES as readonly string[]).includes(approval.status)
    ? (approval.status as ApprovalStatus)
    : 'failed';
}

/** Where the owner decides: the approval's page in the console. */
export function approveUrl(appUrl: string, id: string): string {
  return `${appUrl}/approvals/${id}`;
}

/** The approval as answers show it (`data.structured.approval`, get_approval, docs/approvals.md). */
export function approvalObject(
  approval: Approval,
  appUrl: string,
  now: Date,
): Record<string, unknown> & { change: ApprovalChange } {
  const status = statusOf(approval, now);
  return {
    id: approval.id,
    status,
    reason: approval.reason,
    requested_by: approval.requested_by,
    created_at: approval.created_at,
    expires_at: approval.expires_at,
    approve_url: approveUrl(appUrl, approval.id),
    change: JSON.parse(approval.change) as ApprovalChange,
    ...(approval.decided_at && { decided_at: approval.decided_at, decided_by: approval.decided_by }),
    ...(approval.result && { result: JSON.parse(approval.result) as Record<string, unknown> }),
  };
}

/** Told in the description of every tool that can make a spend change (docs/approvals.md). */
export const MAY_WAIT_FOR_APPROVAL =
  "A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the " +
  'answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.';
