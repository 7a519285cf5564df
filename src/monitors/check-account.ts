import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import type { Platform } from '../platform-families.ts';
import { findAdAccount } from '../storage/accounts.ts';
import { checksUpTo, claimFiring, findCheck, recordCheck, settleFiring } from '../storage/monitor-history.ts';
import { monitorsDueAt } from '../storage/monitors.ts';
import type { AdAccount, Monitor, MonitorCheck, MonitorFiring, User } from '../storage/schema.ts';
import { findUserById } from '../storage/users.ts';
import { PERFORMANCE_READERS } from '../tools/account/get-performance-overview.ts';
import { accountReports } from '../tools/monitors/account-reports.ts';
import { type CampaignVerdict, evaluateRule, periodKey } from '../tools/monitors/evaluate-rule.ts';
import { ruleOfMonitor } from '../tools/monitors/monitor-object.ts';
import type { MonitorRule } from '../tools/monitors/monitor-rule.ts';
import { todayIn } from '../tools/reads/period.ts';
import { type ActionResult, actOnFiring } from './monitor-action.ts';

/** One account's monitors due at one minute: what a `monitors.check` job carries. */
export interface AccountCheck {
  userId: string;
  platform: Platform;
  accountId: string;
  /** The minute the checks were due, ISO. */
  minute: string;
}

/** What a firing tells the owner, for the `monitor.fired` notification. */
export interface Fired {
  owner: User;
  monitor: Monitor;
  firing: MonitorFiring;
  action: ActionResult;
}

export interface CheckResult {
  checked: number;
  fired: Fired[];
  /** Reports read from the platform: one per window and trailing period, whatever the monitors. */
  reportsRead: number;
}

function errorText(error: unknown): string {
  return error instanceof AppError ? error.message : 'The report could not be read.';
}

/**
 * Checks the account's monitors due at the minute: reads each report the rules need once, records one
 * check per monitor and minute, and fires on each campaign that matched the rule on the last
 * `consecutive_checks` checks in a row, once per campaign and period. Safe to run again for the same
 * minute (a retry after a crash): the checks recorded first stand, and a firing acted on is not again.
 */
export async function checkAccount(
  services: PipelineServices,
  job: AccountCheck,
  onFired: (fired: Fired) => Promise<void>,
): Promise<CheckResult> {
  const db = services.storage.db;
  const minute = new Date(job.minute);
  const monitors = await monitorsDueAt(db, minute, job);
  if (monitors.length === 0) return { checked: 0, fired: [], reportsRead: 0 };
  const owner = await findUserById(db, job.userId);
  if (!owner) return { checked: 0, fired: [], reportsRead: 0 };
  const account = await findAdAccount(db, job.userId, job.platform, job.accountId);
  const now = services.clock.now();
  const reports = account
    ? accountReports(PERFORMANCE_READERS[job.platform], {
        services,
        account,
        trace: { upstreamRequestIds: [], createdObjectIds: [] },
      })
    : undefined;
  const fired: Fired[] = [];
  for (const monitor of monitors) {
    const rule = ruleOfMonitor(monitor);
    const check =
      (await findCheck(db, monitor.id, job.minute)) ??
      (await checkNow(services, monitor, rule, job.minute, account, reports));
    if (check.outcome !== 'checked' || !account) continue;
    const verdicts = JSON.parse(check.campaigns) as CampaignVerdict[];
    for (const verdict of verdicts.filter((v) => v.matched)) {
      if (!(await matchedInARow(services, monitor, rule, job.minute, verdict.campaign_id))) continue;
      const firing = await claimFiring(db, {
        id: newId('mfr'),
        monitor_id: monitor.id,
        campaign_id: verdict.campaign_id,
        campaign_name: verdict.campaign_name,
        period: check.period ?? job.minute,
        slot_at: job.minute,
        fired_at: now.toISOString(),
        seen: JSON.stringify(verdict.conditions),
        action: rule.action,
        action_arguments: null,
        result: 'pending',
        result_text: null,
        request_id: null,
      });
      if (firing.result !== 'pending') continue;
      const action = await actOnFiring(services, { owner, monitor, rule, account }, firing);
      const settled = {
        ...firing,
        result: action.result,
        result_text: action.text,
        request_id: action.requestId,
      };
      // Told before it is settled: a crash in between tells again (the event id is the firing's, so once).
      await onFired({ owner, monitor, firing: settled, action });
      await settleFiring(db, firing.id, {
        result: action.result,
        result_text: action.text,
        request_id: action.requestId,
      });
      fired.push({ owner, monitor, firing: settled, action });
    }
  }
  return { checked: monitors.length, fired, reportsRead: reports?.reads() ?? 0 };
}

async function checkNow(
  services: PipelineServices,
  monitor: Monitor,
  rule: MonitorRule,
  minute: string,
  account: AdAccount | undefined,
  reports: ReturnType<typeof accountReports> | undefined,
): Promise<MonitorCheck> {
  const now = services.clock.now();
  const base = { monitor_id: monitor.id, slot_at: minute, checked_at: now.toISOString() };
  let check: MonitorCheck;
  if (!account || !reports) {
    check = {
      ...base,
      outcome: 'failed',
      error: `Account ${monitor.account_id} is no longer connected.`,
      period: null,
      campaigns: '[]',
    };
  } else {
    try {
      const evaluation = await evaluateRule(rule, todayIn(account.time_zone, now), reports);
      check = {
        ...base,
        outcome: 'checked',
        error: null,
        period: periodKey(evaluation.period),
        campaigns: JSON.stringify(evaluation.campaigns),
      };
    } catch (error) {
      services.logger.warn(
        { err: error, monitor_id: monitor.id },
        'a monitor check could not read its report',
      );
      check = { ...base, outcome: 'failed', error: errorText(error), period: null, campaigns: '[]' };
    }
  }
  await recordCheck(services.storage.db, check);
  return (await findCheck(services.storage.db, monitor.id, minute)) ?? check;
}

/**
 * Whether the campaign matched on this check and the `consecutive_checks - 1` checks due before it, each
 * one interval apart: a missed or failed check breaks the row.
 */
async function matchedInARow(
  services: PipelineServices,
  monitor: Monitor,
  rule: MonitorRule,
  minute: string,
  campaignId: string,
): Promise<boolean> {
  const needed = rule.consecutive_checks;
  if (needed <= 1) return true;
  const checks = await checksUpTo(services.storage.db, monitor.id, minute, needed);
  if (checks.length < needed) return false;
  const stepMs = rule.check_every_minutes * 60_000;
  return checks.every((check, index) => {
    const expected = new Date(Date.parse(minute) - index * stepMs).toISOString();
    if (check.slot_at !== expected || check.outcome !== 'checked') return false;
    const verdicts = JSON.parse(check.campaigns) as CampaignVerdict[];
    return verdicts.some((v) => v.campaign_id === campaignId && v.matched);
  });
}
