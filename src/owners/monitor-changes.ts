import { newId } from '../ids.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { Outcome } from '../pipeline/outcome.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import type { User } from '../storage/schema.ts';
import { type ActingMember, ownerCaller } from './owner-caller.ts';

/** The monitor tools a member uses from the console's monitors page. */
export type MonitorChangeTool = 'update_monitor' | 'delete_monitor';

/**
 * A member suspending, resuming, editing or deleting a monitor in the console: the monitor tool itself,
 * through the ordinary pipeline, so its rules (the fields it takes, the limits of a rule) are the ones an
 * agent's call meets; as the workspace in person, so it is unbilled and the history names the member.
 */
export async function changeMonitor(
  services: PipelineServices,
  owner: User,
  member: ActingMember,
  tool: MonitorChangeTool,
  args: Record<string, unknown>,
): Promise<Outcome> {
  const { outcome } = await executeTool(services, ownerCaller(owner, member), tool, args, {
    requestId: newId('req'),
    mode: { kind: 'owner' },
  });
  return outcome;
}
