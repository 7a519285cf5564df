import { z } from 'zod';
import { allowsAccount } from '../../key-limits.ts';
import { lastActivity } from '../../storage/monitor-history.ts';
import { listMonitors as listStored } from '../../storage/monitors.ts';
import { defineTool } from '../tool.ts';
import { accountIdField } from './monitor-account.ts';
import { monitorObject, monitorSchema, NO_ACTIVITY } from './monitor-object.ts';
import { platformField } from './monitor-rule.ts';

export const listMonitors = defineTool({
  name: 'list_monitors',
  description:
    "The owner's monitors with their rule, state, last check and last firing. Billable: one quota unit.",
  guidance:
    "Lists the owner's monitors (optionally of one platform or account) with their rule, whether enabled, " +
    'the last check and the last firing. Read-only. Billable: one quota unit.',
  platform: null,
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    platform: platformField.optional().describe('Only the monitors of this platform.'),
    account_id: accountIdField.optional().describe('Only the monitors of this account.'),
  }),
  output: z.object({
    monitors: z.array(monitorSchema).describe('The monitors the caller may see, oldest first.'),
  }),
  example: {},
  auditFields: ['platform', 'account_id'],
  async run(args, { services, caller }) {
    const db = services.storage.db;
    const stored = await listStored(db, caller.userId, {
      platform: args.platform,
      accountId: args.account_id,
    });
    const visible = stored.filter((m) => allowsAccount(caller.limits, m.platform, m.account_id));
    const last = await lastActivity(
      db,
      visible.map((m) => m.id),
    );
    const monitors = visible.map((m) => monitorObject(m, last.get(m.id) ?? NO_ACTIVITY));
    const lines = monitors.map(
      (m) =>
        `- ${m.id} "${m.name}" (${m.platform} ${m.account_id}, ${m.enabled ? 'enabled' : 'suspended'}, ` +
        `${m.action}): last fired ${m.last_firing?.fired_at ?? 'never'}`,
    );
    return {
      text:
        monitors.length === 0
          ? 'No monitors. create_monitor sets one up.'
          : [`${monitors.length} monitor(s):`, ...lines].join('\n'),
      structured: { monitors },
    };
  },
});
