import type { Server, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ApprovalObject } from '../tools/approvals/approval-object.ts';
import { approvalTask } from './approval-tasks.ts';
import { META } from './meta.ts';
import { type CallTool, invalidParams, readThroughTool } from './tool-reads.ts';

const taskParams = z.looseObject({ taskId: z.string().min(1) });

/**
 * The approval behind a task, read with get_approval through the same pipeline as any call (the caller's
 * key and scope, its rate limit, the audit); a failure is the protocol's error, as the Tasks extension asks.
 */
async function taskApproval(
  callTool: CallTool,
  taskId: string,
  context: ServerContext,
): Promise<{ approval: ApprovalObject; requestId: string }> {
  const result = await readThroughTool(
    callTool,
    { name: 'get_approval', arguments: { approval_id: taskId } },
    context,
    () =>
      invalidParams(
        `No task ${taskId} for this owner: a task id is the taskId of a tools/call answered with ` +
          'resultType "task".',
        { [META.code]: 'not_found' },
      ),
  );
  const { approval } = result.structuredContent as { approval: ApprovalObject };
  return { approval, requestId: String(result._meta?.[META.requestId] ?? '') };
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
    throw invalidParams(
      `Task ${taskId} asks for no input: it waits for the owner's decision in the console. Poll tasks/get.`,
    );
  });
}
