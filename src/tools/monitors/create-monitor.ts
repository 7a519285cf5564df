import { z } from 'zod';
import { newId } from '../../ids.ts';
import { insertMonitor, listMonitors } from '../../storage/monitors.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { defineTool } from '../tool.ts';
import { MONITOR_ACCOUNT, monitorAccountFields } from './monitor-account.ts';
import {
  DRY_RUN_MONITOR_ID,
  dryRunAnswer,
  MONITOR_SETTINGS,
  monitorDryRun,
  monitorObject,
  monitorSchema,
  NO_ACTIVITY,
} from './monitor-object.ts';
import { ACTION_VALUE_SCHEMA, ruleFields, ruleIssues, ruleOf } from './monitor-rule.ts';

const { name, ...rest } = ruleFields;

/** Monitors one account may have: each is checked every few minutes, for nothing. */
export const MAX_MONITORS_PER_ACCOUNT = 250;

export const createMonitor = defineTool({
  name: 'create_monitor',
  description:
    "A rule checked on one account every few minutes over its campaigns' metrics, which notifies, pauses or lowers the budget of each campaign it matches. Never raises spend. Try it with test_monitor. Billable: one quota unit. dry_run checks it, storing nothing.",
  guidance:
    "Sets up a monitor: a rule checked on one ad account every check_every_minutes, on its campaigns' " +
    'metrics over a window, which notifies the owner or pauses or lowers the budget of each campaign it ' +
    'matches (once per campaign and window period). It never raises spend. test_monitor first shows what ' +
    'it would match now. dry_run checks everything a real call checks (the rule, the account, the cap of ' +
    `${MAX_MONITORS_PER_ACCOUNT} monitors an account) and answers the monitor it would create, storing ` +
    'nothing and using no quota. Billable: one quota unit; its checks are free.',
  platform: null,
  platformArguments: MONITOR_ACCOUNT,
  billable: true,
  changes: { object: 'monitor', creates: true, fields: MONITOR_SETTINGS },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  // The name first: the documents' 400 example leaves out the first required field.
  input: z
    .strictObject({ name, ...monitorAccountFields, ...rest, dry_run: monitorDryRun })
    .meta(ACTION_VALUE_SCHEMA),
  output: z.object({
    monitor: monitorSchema.describe(
      'The new monitor; on a dry run, the one it would create (id a placeholder).',
    ),
    dry_run: dryRunAnswer,
  }),
  example: {
    platform: 'video',
    name: 'Runaway spend today',
    conditions: [{ metric: 'spend', operator: '>', relative_to: { trailing_days: 7, factor: 3 } }],
    action: 'notify',
  },
  rules: (args) => ruleIssues(args),
  auditFields: ['platform', 'name', 'action', 'check_every_minutes'],
  async run(args, { services, caller, account, now, dryRun }) {
    if (!account) throw new Error('create_monitor needs the resolved account');
    const rule = ruleOf(args);
    const existing = await listMonitors(services.storage.db, caller.userId, {
      platform: account.platform,
      accountId: account.account_id,
    });
    if (existing.length >= MAX_MONITORS_PER_ACCOUNT) {
      throw invalidArguments('create_monitor', [
        {
          field: '',
          message:
            `account ${account.account_id} has ${existing.length} monitors, the most one account may have: ` +
            'delete one (delete_monitor) or change one (update_monitor) instead',
        },
      ]);
    }
    const at = now.toISOString();
    const monitor = {
      id: dryRun ? DRY_RUN_MONITOR_ID : newId('mon'),
      user_id: caller.userId,
      platform: account.platform,
      account_id: account.account_id,
      name: rule.name,
      rule: JSON.stringify(rule),
      check_every_minutes: rule.check_every_minutes,
      enabled: 1 as const,
      created_at: at,
      updated_at: at,
    };
    const watches =
      `watches ${account.platform} account ${account.account_id} every ${rule.check_every_minutes} ` +
      `minute(s); action: ${rule.action}.`;
    if (dryRun) {
      return {
        text:
          `Dry run: nothing was stored and no quota was used. The monitor "${rule.name}" would be created: it ` +
          `${watches} Call again without dry_run to create it.`,
        structured: { monitor: monitorObject(monitor, NO_ACTIVITY), dry_run: true },
      };
    }
    await insertMonitor(services.storage.db, monitor);
    return {
      text: `Monitor ${monitor.id} "${rule.name}" ${watches} get_monitor_history shows its checks.`,
      structured: { monitor: monitorObject(monitor, NO_ACTIVITY), dry_run: false },
    };
  },
});
