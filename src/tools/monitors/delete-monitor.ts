import { z } from 'zod';
import { deleteMonitor as storeDelete } from '../../storage/monitors.ts';
import { defineTool } from '../tool.ts';
import { dryRunAnswer, monitorDryRun, monitorId, ownMonitor } from './monitor-object.ts';

export const deleteMonitor = defineTool({
  name: 'delete_monitor',
  description:
    'Removes a monitor and its check history (its changes stay in the change history). Billable: one quota unit. dry_run checks it, deleting nothing.',
  guidance:
    'Removes a monitor with its check history; the changes it made stay in the change history. To stop ' +
    'it for a while instead, update_monitor with enabled false. dry_run checks that the caller may delete it ' +
    'and answers what would be deleted and removes nothing. Billable: one quota unit.',
  platform: null,
  billable: true,
  // What it changes is whether the monitor exists: it is named by the field it removes.
  changes: { object: 'monitor', fields: { monitor_id: 'none' } },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({ monitor_id: monitorId, dry_run: monitorDryRun }),
  output: z.object({
    monitor_id: z.string().describe('The monitor deleted; on a dry run, the one that would be.'),
    name: z.string().describe('Its name.'),
    deleted: z.boolean().describe('true: it and its check history are gone; false on a dry run.'),
    dry_run: dryRunAnswer,
  }),
  // A dry run: the demo's monitor stays for whoever tries the example next.
  example: { monitor_id: 'mon_de110000000000000000000000000001', dry_run: true },
  auditFields: ['monitor_id'],
  async run(args, { services, caller, dryRun }) {
    const monitor = await ownMonitor(services.storage.db, caller, args.monitor_id);
    const answer = { monitor_id: monitor.id, name: monitor.name, deleted: !dryRun, dry_run: dryRun };
    if (dryRun) {
      return {
        text:
          `Dry run: nothing was deleted. Monitor ${monitor.id} "${monitor.name}" and its ` +
          'check history would be deleted. Call again without dry_run to delete it.',
        structured: answer,
      };
    }
    await storeDelete(services.storage.db, caller.userId, monitor.id);
    return { text: `Monitor ${monitor.id} "${monitor.name}" deleted.`, structured: answer };
  },
});
