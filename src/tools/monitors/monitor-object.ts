import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Caller } from '../../caller.ts';
import { AppError } from '../../errors.ts';
import { allowsAccount } from '../../key-limits.ts';
import { PLATFORMS, type Platform } from '../../platform-families.ts';
import type { LastActivity } from '../../storage/monitor-history.ts';
import { findMonitor } from '../../storage/monitors.ts';
import type { Database, Monitor, MonitorCheck, MonitorFiring } from '../../storage/schema.ts';
import { dryRun } from '../arguments.ts';
import {
  type CampaignVerdict,
  type ConditionSeen,
  campaignVerdictSchema,
  conditionSeenSchema,
  daysOfKey,
  daysSchema,
} from './evaluate-rule.ts';
import { ACTIONS, type Action, condition, MATCH_TEXT, type MonitorRule, WINDOWS } from './monitor-rule.ts';

/** The monitor write tools' dry_run: everything a real call checks is checked, nothing is stored. */
export const monitorDryRun = dryRun.describe(
  'Check and answer what would change, storing nothing (no quota).',
);

/** Whether the answer was a dry run's, in every monitor write tool's `structured`. */
export const dryRunAnswer = z.boolean().describe('true on a dry run: nothing was stored.');

/**
 * What a monitor's settings mean for spend: nothing. A monitor is kept in adops, and its actions only
 * pause or lower: nothing it sets can raise spend.
 */
export const MONITOR_SETTINGS = {
  name: 'none',
  campaign_ids: 'none',
  conditions: 'none',
  match: 'none',
  window: 'none',
  consecutive_checks: 'none',
  check_every_minutes: 'none',
  action: 'none',
  action_value: 'none',
} as const;

/** The id a dry-run create_monitor answers: none is made, so none is given that could be mistaken for one. */
export const DRY_RUN_MONITOR_ID = '{the id of the new monitor}';

export const monitorId = z
  .string()
  .regex(/^mon_[0-9a-f]{32}$/, 'must be a monitor id like mon_ followed by 32 hex digits')
  .describe('The id create_monitor or list_monitors gave.');

export function ruleOfMonitor(monitor: Monitor): MonitorRule {
  return JSON.parse(monitor.rule) as MonitorRule;
}

/** One of the owner's monitors on an account the caller may see; any other is not found. */
export async function ownMonitor(db: Kysely<Database>, caller: Caller, id: string): Promise<Monitor> {
  const monitor = await findMonitor(db, caller.userId, id);
  if (!monitor || !allowsAccount(caller.limits, monitor.platform, monitor.account_id)) {
    throw new AppError(
      'not_found',
      `No monitor ${id} for this caller. list_monitors shows the monitors it may see.`,
    );
  }
  return monitor;
}

const outcomeField = z
  .enum(['checked', 'failed'])
  .describe('checked, or failed when the report could not be read.');

export const checkSchema = z.object({
  due_at: z.string().describe('The minute the check was due, ISO.'),
  checked_at: z.string().describe('When it ran, ISO.'),
  outcome: outcomeField,
  error: z.string().nullable().describe('Why it failed; null when checked.'),
  period: daysSchema.nullable().describe('The window read; null when it failed.'),
  matched_campaign_ids: z.array(z.string()).describe('The campaigns the rule matched.'),
  campaigns: z.array(campaignVerdictSchema).describe('Each campaign evaluated.'),
});

export function checkObject(check: MonitorCheck): z.infer<typeof checkSchema> {
  const campaigns = JSON.parse(check.campaigns) as CampaignVerdict[];
  return {
    due_at: check.slot_at,
    checked_at: check.checked_at,
    outcome: check.outcome as 'checked' | 'failed',
    error: check.error,
    period: check.period === null ? null : daysOfKey(check.period),
    matched_campaign_ids: campaigns.filter((c) => c.matched).map((c) => c.campaign_id),
    campaigns,
  };
}

export const FIRING_RESULTS = ['pending', 'applied', 'notified', 'refused', 'failed'] as const;

export const firingSchema = z.object({
  id: z.string().describe('The firing.'),
  fired_at: z.string().describe('When it fired, ISO.'),
  campaign_id: z.string().describe('The campaign it fired on.'),
  campaign_name: z.string().nullable().describe('Its name, when known.'),
  period: daysSchema.describe('The window it fired for: once per campaign and period.'),
  seen: z.array(conditionSeenSchema).describe('The values that matched.'),
  action: z.enum(ACTIONS).describe('What it did.'),
  result: z
    .enum(FIRING_RESULTS)
    .describe('pending until acted on; then applied, notified, refused or failed.'),
  result_text: z.string().nullable().describe("The action's answer or refusal, in words."),
  request_id: z
    .string()
    .nullable()
    .describe("The action call's request id (its audit row), when one was made."),
});

export function firingObject(firing: MonitorFiring): z.infer<typeof firingSchema> {
  return {
    id: firing.id,
    fired_at: firing.fired_at,
    campaign_id: firing.campaign_id,
    campaign_name: firing.campaign_name,
    period: daysOfKey(firing.period),
    seen: JSON.parse(firing.seen) as ConditionSeen[],
    action: firing.action as Action,
    result: firing.result as (typeof FIRING_RESULTS)[number],
    result_text: firing.result_text,
    request_id: firing.request_id,
  };
}

/** A monitor as every monitor tool answers it. */
export const monitorSchema = z.object({
  id: z.string().describe('The monitor id (mon_…).'),
  name: z.string().describe('What it watches.'),
  platform: z.enum(PLATFORMS).describe('The platform of the account it watches.'),
  account_id: z.string().describe('The account it watches.'),
  enabled: z.boolean().describe('false: suspended, not checked.'),
  campaign_ids: z.array(z.string()).nullable().describe('Only these campaigns; null: every campaign.'),
  conditions: z.array(condition).describe('What it compares.'),
  match: z.enum(['all', 'any']).describe(MATCH_TEXT),
  window: z.enum(WINDOWS).describe('The days the metrics are read over.'),
  consecutive_checks: z.int().describe('Matching checks in a row before it fires.'),
  check_every_minutes: z.int().describe('How often it is checked.'),
  action: z.enum(ACTIONS).describe('What it does on a match.'),
  action_value: z.int().nullable().describe('The percent for lower_budget_percent; else null.'),
  created_at: z.string().describe('ISO.'),
  updated_at: z.string().describe('ISO.'),
  last_check: z
    .object({
      checked_at: z.string().describe('ISO.'),
      outcome: outcomeField,
      error: checkSchema.shape.error,
    })
    .nullable()
    .describe('Its latest check; null before the first.'),
  last_firing: firingSchema.nullable().describe('Its latest firing; null if it never fired.'),
});

/** A monitor as the tools answer it: its rule, state, last check and last firing. */
export function monitorObject(monitor: Monitor, last: LastActivity): z.infer<typeof monitorSchema> {
  const { name, ...rule } = ruleOfMonitor(monitor);
  return {
    id: monitor.id,
    name,
    platform: monitor.platform as Platform,
    account_id: monitor.account_id,
    enabled: monitor.enabled === 1,
    ...rule,
    created_at: monitor.created_at,
    updated_at: monitor.updated_at,
    last_check: last.lastCheck
      ? {
          checked_at: last.lastCheck.checked_at,
          outcome: last.lastCheck.outcome as 'checked' | 'failed',
          error: last.lastCheck.error,
        }
      : null,
    last_firing: last.lastFiring ? firingObject(last.lastFiring) : null,
  };
}

/** What a new monitor has done so far. */
export const NO_ACTIVITY: LastActivity = { lastCheck: undefined, lastFiring: undefined };
