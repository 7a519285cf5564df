import { z } from 'zod';
import type { Approval } from '../../storage/schema.ts';

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

const fields = z.record(z.string(), z.unknown());

/** A signed decimal in the change's currency; null when the campaign has no daily budget to judge by. */
const delta = (what: string) =>
  z
    .string()
    .regex(/^[+-]?[0-9]+(\.[0-9]+)?$/)
    .nullable()
    .describe(`${what}; null without a daily budget to judge by.`);

/** What a change waiting for approval is, as stored with it and shown to the owner and the agent. */
export const approvalChangeSchema = z
  .object({
    tool: z.string().describe('The tool that asked for it.'),
    platform: z.string().nullable().describe("The tool's platform, or null."),
    account: z.string().nullable().describe('The ad account, as the tool names it.'),
    object: z.string().describe('Like `campaign 1800000000000003`.'),
    what: z.string().describe('The change in words.'),
    currency: z.string().describe('The currency of the amounts.'),
    before: fields.describe('The fields as they were read.'),
    after: fields.describe('The fields once the change is made.'),
    projected_daily_delta: delta('What it may spend a day after the change, minus before'),
    projected_period_delta: delta('The daily delta over the days left in the month'),
    period_end: z.string().describe('The last day the period delta counts (UTC).'),
  })
  .describe('The change that waits, bound to the values it was computed from.');
export type ApprovalChange = z.infer<typeof approvalChangeSchema>;

/** The approval as answers show it: get_approval's, and a 202 answer's `structured.approval`. */
export const approvalSchema = z
  .object({
    id: z
      .string()
      .regex(/^apr_[0-9a-f]{32}$/)
      .describe('Pass it to get_approval.'),
    status: z.enum(APPROVAL_STATUSES).describe('pending until the owner decides; then what became of it.'),
    reason: z.string().describe('Why the change waits.'),
    requested_by: z.string().describe('The key or app that asked.'),
    created_at: z.iso.datetime().describe('When the change was asked for.'),
    expires_at: z.iso.datetime().describe('Still pending after this: expired.'),
    approve_url: z.url().describe('Where the owner approves or rejects it.'),
    change: approvalChangeSchema,
    decided_at: z.iso.datetime().nullable().describe('When the owner decided; null before.'),
    decided_by: z.string().nullable().describe('The address of the member who decided; null before.'),
    result: fields
      .nullable()
      .describe('Applied: the answer (text, structured); drifted or failed: code and message.'),
  })
  .describe("A change that waits for the owner's approval.");
export type ApprovalObject = z.infer<typeof approvalSchema>;

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
export function approvalObject(approval: Approval, appUrl: string, now: Date): ApprovalObject {
  return {
    id: approval.id,
    status: statusOf(approval, now),
    reason: approval.reason,
    requested_by: approval.requested_by,
    created_at: approval.created_at,
    expires_at: approval.expires_at,
    approve_url: approveUrl(appUrl, approval.id),
    change: JSON.parse(approval.change) as ApprovalChange,
    decided_at: approval.decided_at,
    decided_by: approval.decided_by,
    result: approval.result === null ? null : (JSON.parse(approval.result) as Record<string, unknown>),
  };
}

/** Told in the description of every tool that can make a spend change (docs/approvals.md). */
export const MAY_WAIT_FOR_APPROVAL =
  "A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the " +
  'answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.';
