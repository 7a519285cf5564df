import { z } from 'zod';
import { deleteMonitor as storeDelete } from '../../storage/monitors.ts';
import { defineTool } from '../tool.ts';
import { monitorId, ownMonitor } from './monitor-object.ts';

export const deleteMonitor = defineTool({
  name: 'delete_monitor',
  description:
    'Removes a monitor and its check history (its changes stay in the change history). Billable: one quota unit.',
  guidance:
    'Removes a monitor with its check history; the changes it made stay in the change history. To stop ' +
    'it for a while instead, update_monitor with enabled false. Billable: one quota unit.',
  platform: null,
  billable: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({ monitor_id: monitorId }),
  output: z.object({
    monitor_id: z.string().describe('The monitor deleted.'),
    name: z.string().describe('Its name.'),
    deleted: z.literal(true).describe('Always true: it and its check history are gone.'),
  }),
  example: { monitor_id: 'mon_de110000000000000000000000000001' },
  auditFields: ['monitor_id'],
  async run(args, { services, caller }) {
    const monitor = await ownMonitor(services.storage.db, caller, args.monitor_id);
    await storeDelete(services.storage.db, caller.userId, monitor.id);
    return {
      text: `Monitor ${monitor.id} "${monitor.name}" deleted.`,
      structured: { monitor_id: monitor.id, name: monitor.name, deleted: true },
    };
  },
});
