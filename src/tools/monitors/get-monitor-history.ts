import { z } from 'zod';
import { latestChecks, listFirings } from '../../storage/monitor-history.ts';
import { defineTool } from '../tool.ts';
import {
  checkObject,
  checkSchema,
  firingObject,
  firingSchema,
  monitorId,
  ownMonitor,
} from './monitor-object.ts';

export const getMonitorHistory = defineTool({
  name: 'get_monitor_history',
  description: "A monitor's latest checks and firings, newest first. Billable: one quota unit.",
  guidance:
    "A monitor's latest checks (each campaign's values and whether it matched) and firings (what was " +
    'done, and its result), newest first. Read-only. Billable: one quota unit.',
  platform: null,
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    monitor_id: monitorId,
    limit: z.int().min(1).max(100).default(20).describe('Checks and firings, each at most this many.'),
  }),
  output: z.object({
    monitor_id: z.string().describe('The monitor.'),
    checks: z.array(checkSchema).describe('Its latest checks, newest first.'),
    firings: z.array(firingSchema).describe('Its latest firings, newest first.'),
  }),
  example: { monitor_id: 'mon_de110000000000000000000000000001' },
  auditFields: ['monitor_id', 'limit'],
  async run(args, { services, caller }) {
    const db = services.storage.db;
    const monitor = await ownMonitor(db, caller, args.monitor_id);
    const checks = (await latestChecks(db, monitor.id, args.limit)).map(checkObject);
    const firings = (await listFirings(db, monitor.id, args.limit)).map(firingObject);
    const lines = firings.map(
      (f) => `- ${f.fired_at}: ${f.action} on ${f.campaign_id} (${f.campaign_name ?? '?'}): ${f.result}`,
    );
    return {
      text:
        `Monitor ${monitor.id} "${monitor.name}": ${checks.length} check(s) shown, ${firings.length} firing(s).` +
        (lines.length > 0 ? `\n${lines.join('\n')}` : ''),
      structured: { monitor_id: monitor.id, checks, firings },
    };
  },
});
