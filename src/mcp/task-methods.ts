import {
  type CallToolRequest,
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ApprovalObject } from '../tools/approvals/approval-object.ts';
import { approvalTask } from './approval-tasks.ts';
import { META } from './meta.ts';

type CallTool = (params: CallToolRequest['params'], context: ServerContext) => Promise<CallToolResult>;

const taskParams = z.looseObject({ taskId: z.string().min(1) });

/** The codes of a get_approval failure that mean the task is not this caller's or does not exist. */
const UNKNOWN_TASK_CODES = new Set(['not_found', 'invalid_arguments']);

/**
 * The approval behind a task, read with get_approval through the same pipeline as any call (the caller's
 * key and scope, its rate limit, the audit); a failure is the protocol's error, as the Tasks extension asks.
 */
async function taskApproval(
  callTool: CallTool,
  taskId: string,
  context: ServerContext,
): Promise<{ approval: ApprovalObject; requestId: string }> {
  const result = await callTool({ name: 'get_approval', arguments: { approval_id: taskId } }, context);
  const meta = result._meta ?? {};
  const requestId = String(meta[META.requestId] ?? '');
  if (!result.isError) {
    const { approval } = result.structuredContent as { approval: ApprovalObject };
    return { approval, requestId };
  }
  const [first] = result.content;
  const message = first?.type === 'text' ? first.text : 'The task could not be read.';
  const code = String(meta[META.code] ?? '');
  if (UNKNOWN_TASK_CODES.has(code)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `No task ${taskId} for this owner: a task id is the taskId of a tools/call answered with resultType "task".`,
      { [META.code]: 'not_found', [META.requestId]: requestId },
    );
  }
  throw new ProtocolError(ProtocolErrorCode.InternalError, message, meta);
}

/**
 * The Tasks extension's methods over approvals: `tasks/get` tells the approval's state as a task,
 * `tasks/cancel` is acknowledged without deciding anything (the owner alone approves or rejects, in the
 * console; an agent's token can neither), and `tasks/update` has nothing to take, since these tasks never
 * ask the client for input.
 */
export function serveApprovalTasks(server: Server, callTool: CallTool): void {
  server.setRequestHandler('tasks/get', { params: taskParams }, async ({ taskId }, context) => {
    const { approval, requestId } = await taskApproval(callTool, taskId, context);
    return { ...approvalTask(approval, requestId) };
  });
  server.setRequestHandler('tasks/cancel', { params: taskParams }, async ({ taskId }, context) => {
    await taskApproval(callTool, taskId, context);
    return {};
  });
  server.setRequestHandler('tasks/update', { params: taskParams }, async ({ taskId }) => {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Task ${taskId} asks for no input: it waits for the owner's decision in the console. Poll tasks/get.`,
    );
  });
}
