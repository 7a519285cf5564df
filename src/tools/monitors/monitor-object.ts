import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Caller } from '../../caller.ts';
import { AppError } from '../../errors.ts';
import { allowsAccount } from '../../key-limits.ts';
import type { LastActivity } from '../../storage/monitor-history.ts';
import { findMonitor } from '../../storage/monitors.ts';
import type { Database, Monitor, MonitorCheck, MonitorFiring } from '../../storage/schema.ts';
import type { MonitorRule } from './monitor-rule.ts';

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

export function checkObject(check: MonitorCheck) {
  const campaigns = JSON.parse(check.campaigns) as Array<{ campaign_id: string; matched: boolean }>;
  return {
    due_at: check.slot_at,
    checked_at: check.checked_at,
    outcome: check.outcome,
    ...(check.error && { error: check.error }),
    period: check.period,
    matched_campaign_ids: campaigns.filter((c) => c.matched).map((c) => c.campaign_id),
    campaigns,
  };
}

export function firingObject(firing: MonitorFiring) {
  return {
    id: firing.id,
    fired_at: firing.fired_at,
    campaign_id: firing.campaign_id,
    campaign_name: firing.campaign_name,
    period: firing.period,
    seen: JSON.parse(firing.seen) as unknown,
    action: firing.action,
    result: firing.result,
    result_text: firing.result_text,
    request_id: firing.request_id,
  };
}

/** A monitor as the tools answer it: its rule, state, and optionally its last check and firing. */
export function monitorObject(monitor: Monitor, last?: LastActivity) {
  const { name, ...rule } = ruleOfMonitor(monitor);
  return {
    id: monitor.id,
    name,
    platform: monitor.platform,
    account_id: monitor.account_id,
    enabled: monitor.enabled === 1,
    ...rule,
    created_at: monitor.created_at,
    updated_at: monitor.updated_at,
    ...(last && {
      last_check: last.lastCheck
        ? {
            checked_at: last.lastCheck.checked_at,
            outcome: last.lastCheck.outcome,
            error: last.lastCheck.error,
          }
        : null,
      last_firing: last.lastFiring ? firingObject(last.lastFiring) : null,
    }),
  };
}
