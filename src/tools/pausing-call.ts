import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import type { ObjectKind, ObjectRef } from './changes/change.ts';
import type { ToolRegistry } from './registry.ts';

/**
 * The call that pauses an object: the update tool of its kind on its platform that declares how to stop
 * spend, with its address and the pausing status. Undefined when no tool pauses such objects.
 */
export function pausingCall(
  tools: ToolRegistry,
  object: { platform: string; accountId: string; kind: ObjectKind; ref: ObjectRef },
): { toolName: string; args: Record<string, unknown> } | undefined {
  const { platform } = object;
  if (!isPlatform(platform)) return undefined;
  const tool = [...tools.values()].find(
    (t) => t.platform === platform && t.changes?.object === object.kind && t.stop && t.changes.address,
  );
  if (!tool?.stop || !tool.changes?.address) return undefined;
  return {
    toolName: tool.name,
    args: {
      ...tool.changes.address([object.ref]),
      [PLATFORM_INFO[platform].accountArgument]: object.accountId,
      [tool.stop.status.field]: tool.stop.status.pausing[0],
    },
  };
}
