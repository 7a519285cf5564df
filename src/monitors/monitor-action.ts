import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { decimalToMicros, formatMicros, minorDigits } from '../money.ts';
import { refuseIfAgentsStopped } from '../pipeline/agents-stopped.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { Outcome } from '../pipeline/outcome.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { planFiring } from '../storage/monitor-history.ts';
import type { AdAccount, Monitor, MonitorFiring, User } from '../storage/schema.ts';
import type { MonitorRule } from '../tools/monitors/monitor-rule.ts';
import { namesOf } from '../tools/tool.ts';
import { monitorCaller } from './monitor-caller.ts';

/** The tool each platform's campaigns are paused and re-budgeted with. */
const UPDATE_TOOLS: Record<Platform, string> = {
  search: 'update_search_campaign',
  network: 'update_network_campaign',
  social: 'update_social_campaign',
  video: 'update_video_campaign',
};

/** What became of a firing's action, for its record and its notification. */
export interface ActionResult {
  result: 'applied' | 'notified' | 'refused' | 'failed';
  text: string;
  requestId: string | null;
}

/** An answer the check cannot settle now: the job is retried (the action runs under the same key). */
export class ActionNotSettled extends Error {}

/**
 * What names a firing's action: the monitor, the campaign and the period. Every retry of the check, on any
 * instance, applies it under the key the pipeline makes of it (kept apart from every caller's key), so the
 * platform is written once.
 */
export function firingOf(firing: Pick<MonitorFiring, 'monitor_id' | 'campaign_id' | 'period'>): string {
  return `${firing.monitor_id}:${firing.campaign_id}:${firing.period}`;
}

/** The budget lowered by a percent, rounded down to the currency's minor unit, in units as tools take it. */
export function loweredBudget(current: string, percent: number, currency: string): number {
  const step = 10 ** (6 - minorDigits(currency));
  const micros = Math.floor((decimalToMicros(current) * (100 - percent)) / 100 / step) * step;
  return Number(formatMicros(micros, currency));
}

function outcomeText(outcome: Outcome): string {
  return outcome.ok ? outcome.data.text : outcome.message;
}

/**
 * Does what a firing says to the campaign, through the ordinary pipeline as the monitor: the platform's
 * update tool with the pausing status, or with the budget lowered. Never a raise: the monitor's caller
 * has the write scope only. Refused, like any write, while the owner has stopped all agents.
 */
export async function actOnFiring(
  services: PipelineServices,
  context: { owner: User; monitor: Monitor; rule: MonitorRule; account: AdAccount },
  firing: MonitorFiring,
): Promise<ActionResult> {
  const { owner, monitor, rule, account } = context;
  if (rule.action === 'notify')
    return { result: 'notified', text: 'The owner was notified.', requestId: null };
  try {
    refuseIfAgentsStopped(services, owner.agents_stopped_at);
  } catch (error) {
    if (error instanceof AppError) return { result: 'refused', text: error.message, requestId: null };
    throw error;
  }
  const platform = account.platform as Platform;
  const toolName = UPDATE_TOOLS[platform];
  const stop = services.tools.get(toolName)?.stop;
  if (!stop) throw new Error(`${toolName} has no stop arguments`);
  const caller = monitorCaller(owner, monitor);
  const base = {
    campaign_id: firing.campaign_id,
    [PLATFORM_INFO[platform].accountArgument]: account.account_id,
  };
  const run = (args: Record<string, unknown>, keyed: boolean) =>
    executeTool(services, caller, toolName, args, {
      requestId: newId('req'),
      mode: { kind: 'monitor', monitorId: monitor.id, firing: keyed ? firingOf(firing) : undefined },
    });

  let args: Record<string, unknown> = { ...base, [stop.status.field]: stop.status.pausing[0] };
  if (firing.action_arguments !== null) {
    args = JSON.parse(firing.action_arguments) as Record<string, unknown>;
  } else if (rule.action === 'lower_budget_percent') {
    // The budget as the campaign has it now, read by the tool itself in a dry run of the pause.
    const preview = await run({ ...args, dry_run: true }, false);
    if (!preview.outcome.ok) {
      return { result: 'failed', text: outcomeText(preview.outcome), requestId: preview.outcome.requestId };
    }
    const before = preview.outcome.data.structured?.before as Record<string, unknown> | undefined;
    // Under the budget field's name, or an older one the tool keeps for other budgets (TikTok's lifetime).
    const budgetField = (stop.budget ? namesOf(stop, stop.budget) : []).find((field) =>
      ['string', 'number'].includes(typeof before?.[field]),
    );
    const current = budgetField ? before?.[budgetField] : undefined;
    if (!budgetField || (typeof current !== 'string' && typeof current !== 'number')) {
      return {
        result: 'failed',
        text: `Campaign ${firing.campaign_id} has no budget of its own to lower.`,
        requestId: null,
      };
    }
    args = {
      ...base,
      [budgetField]: loweredBudget(String(current), rule.action_value ?? 0, account.currency),
    };
  }
  // Fixed before the call: a retry after a crash sends the same arguments under the same key (a replay).
  args = JSON.parse(await planFiring(services.storage.db, firing.id, JSON.stringify(args))) as Record<
    string,
    unknown
  >;
  const { outcome } = await run(args, true);
  if (!outcome.ok && ['idempotency_key_in_flight', 'storage_unavailable'].includes(outcome.code)) {
    throw new ActionNotSettled(outcome.message);
  }
  // Agents stopped between the check above and the write: the fence refused it, and nothing was written.
  if (!outcome.ok && outcome.code === 'agents_stopped') {
    return { result: 'refused', text: outcome.message, requestId: outcome.requestId };
  }
  return {
    result: outcome.ok ? 'applied' : 'failed',
    text: outcomeText(outcome),
    requestId: outcome.requestId,
  };
}
