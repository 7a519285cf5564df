import { z } from 'zod';
import { lastActivity } from '../../storage/monitor-history.ts';
import { updateMonitor as storeUpdate } from '../../storage/monitors.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { defineTool } from '../tool.ts';
import {
  dryRunAnswer,
  MONITOR_SETTINGS,
  monitorDryRun,
  monitorId,
  monitorObject,
  monitorSchema,
  NO_ACTIVITY,
  ownMonitor,
  ruleOfMonitor,
} from './monitor-object.ts';
import { MATCH_TEXT, ruleFields, ruleIssues, ruleOf } from './monitor-rule.ts';

const TOOL = 'update_monitor';

export const updateMonitor = defineTool({
  name: TOOL,
  description:
    "Changes a monitor's rule fields, or suspends (enabled false) or resumes it. Billable: one quota unit. dry_run checks it, changing nothing.",
  guidance:
    'Changes a monitor: any rule field given replaces the stored one; enabled false suspends its checks, ' +
    'true resumes them. dry_run checks the change as a real call does (the monitor, the rule it makes) and ' +
    'answers the monitor as it would be, changing nothing and using no quota. Billable: one quota unit.',
  platform: null,
  billable: true,
  changes: {
    object: 'monitor',
    fields: { enabled: 'none', ...MONITOR_SETTINGS },
    address: ([monitor]) => ({ monitor_id: monitor?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    monitor_id: monitorId,
    enabled: z.boolean().optional().describe('false suspends its checks; true resumes them.'),
    name: ruleFields.name.optional().describe('A new name.'),
    campaign_ids: ruleFields.campaign_ids,
    conditions: ruleFields.conditions.optional().describe('Replaces every condition.'),
    match: ruleFields.match.removeDefault().optional().describe(MATCH_TEXT),
    window: ruleFields.window.removeDefault().optional().describe('The days the metrics are read over.'),
    consecutive_checks: ruleFields.consecutive_checks
      .removeDefault()
      .optional()
      .describe('Matching checks in a row before it fires.'),
    check_every_minutes: ruleFields.check_every_minutes
      .removeDefault()
      .optional()
      .describe('How often it is checked.'),
    action: ruleFields.action.optional().describe('A new action (action_value with lower_budget_percent).'),
    action_value: ruleFields.action_value,
    dry_run: monitorDryRun,
  }),
  output: z.object({
    monitor: monitorSchema.describe(
      'The monitor as changed; on a dry run, as it would be (it is unchanged).',
    ),
    dry_run: dryRunAnswer,
  }),
  example: { monitor_id: 'mon_de110000000000000000000000000001', check_every_minutes: 30 },
  auditFields: ['monitor_id', 'enabled', 'name', 'action', 'check_every_minutes'],
  async run(args, { services, caller, now, dryRun }) {
    const db = services.storage.db;
    const monitor = await ownMonitor(db, caller, args.monitor_id);
    const { monitor_id, enabled, dry_run: _dryRun, ...changes } = args;
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(given).length === 0 && enabled === undefined) {
      throw invalidArguments(TOOL, [{ field: '', message: 'give enabled or a rule field to change' }]);
    }
    const stored = ruleOfMonitor(monitor);
    const merged = {
      ...stored,
      campaign_ids: stored.campaign_ids ?? undefined,
      action_value:
        stored.action === (given.action ?? stored.action) ? (stored.action_value ?? undefined) : undefined,
      ...given,
    };
    const issues = ruleIssues(merged);
    if (issues.length > 0) throw invalidArguments(TOOL, issues);
    const rule = ruleOf(merged);
    const updated = {
      ...monitor,
      name: rule.name,
      rule: JSON.stringify(rule),
      check_every_minutes: rule.check_every_minutes,
      enabled: (enabled ?? monitor.enabled === 1) ? (1 as const) : (0 as const),
      updated_at: now.toISOString(),
    };
    if (!dryRun) await storeUpdate(db, updated);
    const last = (await lastActivity(db, [updated.id])).get(updated.id) ?? NO_ACTIVITY;
    const state = `${updated.enabled ? 'enabled' : 'suspended'}, action ${rule.action}`;
    return {
      text: dryRun
        ? `Dry run: nothing was changed and no quota was used. Monitor ${monitor_id} would be ${state}. Call ` +
          'again without dry_run to change it.'
        : `Monitor ${monitor_id} updated: ${state}.`,
      structured: { monitor: monitorObject(updated, last), dry_run: dryRun },
    };
  },
});
