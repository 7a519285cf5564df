import type { Caller } from '../caller.ts';
import { type Change, liftsSpend, movesNothing } from '../tools/changes/change.ts';
import type { Tool } from '../tools/tool.ts';
import { ApprovalNeeded } from './approval-request.ts';
import { actsForAgent, type CallMode, isGuarded } from './call-mode.ts';
import type { CallRecord } from './call-record.ts';
import { checkChange } from './key-checks.ts';
import type { PipelineServices } from './pipeline-services.ts';
import { approvalReason } from './spend-guardrails.ts';
import { lowestRecently } from './spend-history.ts';
import { NotAStop } from './stop-call.ts';
import { enterWrite } from './write-fence.ts';

/**
 * What a tool asks before its platform write, for any change at any level (and with the objects as read
 * when it finds nothing to change, for an owner's run to check): the caller's hard limits first
 * (scope, accounts, ceilings: refusals), then, for a call let through as a stop, that it stops; an owner's
 * run (an approval, a revert) is checked by its use case; any other change is judged by the guardrails and
 * waits for the owner when they say so. A real write of an agent then passes the fence of "stop all
 * agents" (src/pipeline/write-fence.ts).
 */
export async function authorizeChange(
  services: PipelineServices,
  caller: Caller,
  tool: Tool,
  change: Change,
  record: CallRecord,
  mode: CallMode,
): Promise<void> {
  if (movesNothing(change)) {
    // Nothing to write: only an owner's run cares, since the objects may not be the ones it expects.
    if (mode.kind === 'approval' || mode.kind === 'revert') mode.check(change);
    return;
  }
  checkChange(caller, services.config, tool.name, change);
  record.change = change;
  if (record.onlyIfStop && liftsSpend(change)) throw new NotAStop(record.onlyIfStop);
  if (mode.kind === 'approval' || mode.kind === 'revert') mode.check(change);
  else if (isGuarded(mode)) {
    const lowest = await lowestRecently(services, caller.userId, record.account, change);
    const reason = approvalReason(caller, change, lowest);
    if (reason && record.dryRun) record.approvalNeeded = reason;
    else if (reason) throw new ApprovalNeeded(reason, change);
  }
  if (!record.dryRun && record.write === undefined && actsForAgent(mode, caller)) {
    record.write = await enterWrite(services, caller.userId);
  }
}
