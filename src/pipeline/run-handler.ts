import type { Caller } from '../caller.ts';
import { RecoveryPoints } from '../platforms/recovery-points.ts';
import type { Progress } from '../progress.ts';
import { quotaBlock } from '../quota.ts';
import { saveRecovery } from '../storage/idempotency.ts';
import { movesMoney } from '../tools/changes/change.ts';
import type { Tool, ToolContext, ToolResult } from '../tools/tool.ts';
import { ApprovalNeeded, requestApproval } from './approval-request.ts';
import { authorizeChange } from './authorize-change.ts';
import { CallLease } from './call-lease.ts';
import type { CallMode } from './call-mode.ts';
import { type CallRecord, noteMade } from './call-record.ts';
import type { Outcome, ToolData } from './outcome.ts';
import type { PipelineServices } from './pipeline-services.ts';
import { impactOf } from './spend-guardrails.ts';
import { NotAStop } from './stop-call.ts';

/**
 * Runs the tool with what its handler sees (the account, the recovery points, the pipeline's judgement of
 * its change) while the call's claims are renewed, and turns what it answers into the call's outcome.
 */
export async function runHandler(
  services: PipelineServices,
  caller: Caller,
  tool: Tool,
  args: Record<string, unknown>,
  options: { requestId: string; onProgress?: ((progress: Progress) => void) | undefined; mode: CallMode },
  record: CallRecord,
): Promise<Outcome> {
  const { clock, storage } = services;
  const { mode, requestId } = options;
  const now = clock.now();
  const claim = record.claim;
  const lease = new CallLease(services, { claim: claim?.handle, holdId: record.hold?.id });
  const recovery = new RecoveryPoints({
    earlier: claim?.earlierRecovery,
    now: () => clock.now(),
    // A dry run is a read: none of its points is stored, so nothing of it can be resumed or recalled.
    ...(claim &&
      !record.dryRun && {
        save: async (json: string) => {
          lease.assertHeld();
          if (!(await saveRecovery(storage.db, claim.handle, json))) {
            lease.markTakenOver();
            lease.assertHeld();
          }
        },
      }),
  });
  const context: ToolContext = {
    services,
    caller,
    account: record.account,
    dryRun: record.dryRun,
    requestId,
    now,
    onProgress: options.onProgress ?? (() => {}),
    trace: record.trace,
    recovery,
    authorizeChange: async (change) => {
      await authorizeChange(services, caller, tool, change, record, mode);
      if (record.write) lease.holdWrite(record.write);
    },
    noteChange: (change) => noteMade(record, change),
  };
  lease.start();
  let result: ToolResult;
  let status: 200 | 202 = 200;
  try {
    result = await tool.run(args, context);
  } catch (error) {
    if (error instanceof NotAStop) {
      if (claim) claim.fate = { kind: 'release' };
      return error.failure;
    }
    if (!(error instanceof ApprovalNeeded)) throw error;
    const call = { args, account: record.account, requestId };
    result = await requestApproval(services, caller, tool, call, error);
    status = 202;
  } finally {
    lease.stop();
  }
  // A call let through as a stop that found nothing to change stopped nothing: it is an ordinary call,
  // refused as one (a stop counts toward the rate limit and the quota like any call).
  if (record.onlyIfStop && !record.change) {
    if (claim) claim.fate = { kind: 'release' };
    return { ...record.onlyIfStop, message: `Nothing to stop: ${result.text} ${record.onlyIfStop.message}` };
  }
  if (record.hold) record.hold.billed = true;
  return {
    ok: true,
    status,
    tool: tool.name,
    requestId,
    data: answerData(services, caller, record, result, now),
  };
}

/**
 * The answer's data: the tool's, with the quota block and, on a dry run of a change that moves money, its
 * projected impact.
 */
function answerData(
  services: PipelineServices,
  caller: Caller,
  record: CallRecord,
  result: ToolResult,
  now: Date,
): ToolData {
  const { config } = services;
  const impact = record.dryRun && record.change && movesMoney(record.change) && impactOf(record.change, now);
  const structured = impact
    ? {
        ...result.structured,
        impact: { ...impact, ...(record.approvalNeeded && { approval_needed: record.approvalNeeded }) },
      }
    : result.structured;
  const quota = record.hold
    ? quotaBlock(config, caller.tier, record.hold.counted, now)
    : record.freeStopUsed !== undefined
      ? { ...quotaBlock(config, caller.tier, record.freeStopUsed, now), free_stop: true as const }
      : result.quota;
  return {
    text: record.approvalNeeded
      ? `${result.text} Applying it would wait for the owner's approval: ${record.approvalNeeded}`
      : result.text,
    ...(quota && { quota }),
    ...(structured && { structured }),
    ...(result.content && { content: result.content }),
  };
}
