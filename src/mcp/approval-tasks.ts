import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ApprovalObject, ApprovalStatus } from '../tools/approvals/approval-object.ts';
import { META } from './meta.ts';

/** The MCP Tasks extension (SEP-2663), which 2026-07-28 clients declare in their request's capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** How often a client is asked to poll: an owner decides in minutes, not milliseconds. */
const POLL_INTERVAL_MS = 5_000;

type TaskStatus = 'working' | 'completed' | 'cancelled';

export interface ApprovalTask {
  taskId: string;
  status: TaskStatus;
  statusMessage: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs: number;
  result?: CallToolResult;
}

/** Whether the request's client declared the Tasks extension: only then may a call answer a task. */
export function acceptsTasks(context: ServerContext): boolean {
  // The SDK keeps the envelope's wire members out of its public type.
  const envelope = context.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

const TASK_STATUS: Record<ApprovalStatus, TaskStatus> = {
  pending: 'working',
  approved: 'working',
  applied: 'completed',
  drifted: 'completed',
  failed: 'completed',
  rejected: 'cancelled',
  expired: 'cancelled',
};

function statusMessage(approval: ApprovalObject): string {
  const { what } = approval.change;
  switch (approval.status) {
    case 'pending':
      return (
        `Waiting for the owner to approve or reject: ${what}. They decide at ${approval.approve_url}; ` +
        `unanswered by ${approval.expires_at}, it expires and nothing is made.`
      );
    case 'approved':
      return `The owner approved it (${what}); it is being applied.`;
    case 'applied':
      return `Applied: ${what}.`;
    case 'drifted':
      return `Not made: the campaign changed after the approval was asked for (${what}).`;
    case 'failed':
      return `Not made: the platform refused the approved change (${what}).`;
    case 'rejected':
      return `The owner rejected it (${what}): nothing was made. Do not ask again unless the owner does.`;
    case 'expired':
      return `Nobody decided in time (${what}): nothing was made. Ask the owner before asking again.`;
  }
}

/**
 * What the original call answers once the approval is decided: the applied call's own answer, or, when
 * nothing was made (drifted, failed), a tool error saying why, as the same call would have failed.
 */
function finalResult(approval: ApprovalObject, requestId: string): CallToolResult | undefined {
  const result = approval.result ?? {};
  const meta = { [META.requestId]: requestId };
  // A 2026-07-28 result names its kind: the task holds the call's standard, complete, result.
  const complete = { resultType: 'complete' };
  if (approval.status === 'applied') {
    const text = typeof result.text === 'string' ? result.text : statusMessage(approval);
    const structured = result.structured as Record<string, unknown> | undefined;
    return {
      ...complete,
      content: [{ type: 'text', text }],
      ...(structured && { structuredContent: structured }),
      _meta: meta,
    };
  }
  if (approval.status === 'drifted' || approval.status === 'failed') {
    const message = typeof result.message === 'string' ? result.message : statusMessage(approval);
    return {
      ...complete,
      isError: true,
      content: [{ type: 'text', text: message }],
      _meta: { ...meta, ...(typeof result.code === 'string' && { [META.code]: result.code }) },
    };
  }
  return undefined;
}

/**
 * A change that waits for the owner, as an MCP task: working while the owner has not decided (or the
 * approved change is being applied), completed with the call's answer once it is applied (or with a tool
 * error when nothing could be made), cancelled when the owner rejected it or it expired. The task is the
 * approval: its id is the approval's, and the owner alone decides it, in the console.
 */
export function approvalTask(approval: ApprovalObject, requestId: string): ApprovalTask {
  const status = TASK_STATUS[approval.status];
  const result = status === 'completed' ? finalResult(approval, requestId) : undefined;
  return {
    taskId: approval.id,
    status,
    statusMessage: statusMessage(approval),
    createdAt: approval.created_at,
    lastUpdatedAt: approval.decided_at ?? approval.created_at,
    // Kept as long as the approval is: the service never discards one.
    ttlMs: null,
    pollIntervalMs: POLL_INTERVAL_MS,
    ...(result && { result }),
  };
}

/** The approval a successful call's structured content holds, when the change waits for the owner. */
export function waitingApproval(result: CallToolResult): ApprovalObject | undefined {
  if (result._meta?.[META.status] !== 202) return undefined;
  const structured = result.structuredContent as { approval?: ApprovalObject } | undefined;
  return structured?.approval;
}
