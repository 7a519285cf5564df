import type { Caller } from '../caller.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { fingerprint } from '../fingerprint.ts';
import { newId } from '../ids.ts';
import { canonicalLimits } from '../key-limits.ts';
import { noteQuotaUse } from '../notifications/quota-threshold.ts';
import { isPlatform, PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { RecoveryPoints } from '../platforms/recovery-points.ts';
import type { Progress } from '../progress.ts';
import { quotaBlock } from '../quota.ts';
import { type ClaimHandle, claimIdempotencyKey, saveRecovery } from '../storage/idempotency.ts';
import { releaseQuotaHold } from '../storage/quota.ts';
import type { AdAccount, AuditEntry } from '../storage/schema.ts';
import { isStorageFault, storageUnavailable } from '../storage/storage-fault.ts';
import type { SpendChange, Tool, ToolContext, ToolResult } from '../tools/tool.ts';
import { ApprovalNeeded, approvalIdempotencyKey, requestApproval } from './approval-request.ts';
import { auditedToolName } from './audit-log.ts';
import { CallLease } from './call-lease.ts';
import { parseIdempotencyKey, revertIdempotencyKey } from './idempotency-key.ts';
import { checkChange, requireToolScope } from './key-checks.ts';
import { type Failure, failureOutcome, internalFailure, type Outcome } from './outcome.ts';
import type { PipelineServices } from './pipeline-services.ts';
import { holdIdOfClaim, holdQuotaUnit, type QuotaHold } from './quota-hold.ts';
import { resolveAccount } from './resolve-account.ts';
import { type ClaimFate, settleCall } from './settle-call.ts';
import { approvalReason, impactOf } from './spend-guardrails.ts';
import { asksOnlyToStop, liftsSpend, NotAStop } from './stop-call.ts';
import { toolNotFound } from './tool-not-found.ts';
import { validateArguments } from './validate-arguments.ts';

export interface ExecuteOptions {
  requestId: string;
  /** The raw `Idempotency-Key` value, checked here so every door applies the same rule. */
  idempotencyKey?: string | undefined;
  onProgress?: (progress: Progress) => void;
  /**
   * The door's refusal (429 `rate_limited`) of a call that asks only to stop or lower spend: it runs
   * anyway, and gets this answer only if it turns out to start or raise spend.
   */
  refusedUnlessStop?: AppError | undefined;
  /** Set when the call applies a change the owner approved: src/owners/approvals.ts. */
  approved?: ApprovedRun | undefined;
  /** Set when the owner reverts a change from the history: src/owners/revert-change.ts. */
  revert?: RevertRun | undefined;
  /** Set when a monitor acts on a campaign: src/monitors/monitor-action.ts. */
  monitor?: MonitorRun | undefined;
}

/**
 * A monitor's action: unbilled, under an idempotency key derived from the monitor, the campaign and the
 * period, so a retried check acts once. Its caller has the write scope only: a raise would be refused.
 */
export interface MonitorRun {
  monitorId: string;
  /** Absent for the dry run that reads the campaign before a budget is lowered. */
  idempotencyKey?: string | undefined;
}

/** An approved change being applied: under the approval's own idempotency key, unbilled, checked for drift. */
export interface ApprovedRun {
  approvalId: string;
  /** The fields the campaign showed when the approval was asked for. */
  before: Record<string, unknown>;
  /** The owner's email, for the audit row. */
  approvedBy: string;
}

/**
 * A change being undone by the owner: its before values applied under an idempotency key derived from the
 * change, unbilled, only while the object still shows the change's after values.
 */
export interface RevertRun {
  /** The audit row of the change. */
  changeId: string;
  /** The fields the object showed once the change was made. */
  after: Record<string, unknown>;
  /** The owner's email, for the audit row. */
  revertedBy: string;
}

export interface Execution {
  outcome: Outcome;
  replayed: boolean;
}

/** What the audit row and the settlement need to know, filled in as the call goes through the steps. */
interface CallRecord {
  tool: Tool | undefined;
  account: AdAccount | null;
  dryRun: boolean;
  replayed: boolean;
  fingerprint: string | null;
  details: Record<string, unknown> | null;
  trace: ToolContext['trace'];
  /** The idempotency record this attempt holds, and what becomes of it. */
  claim?: { handle: ClaimHandle; earlierRecovery: string | null | undefined; fate?: ClaimFate };
  /** The quota unit this call holds, `billed` once the call ended in success. */
  hold?: QuotaHold & { billed: boolean };
  /** The spend change the tool asked the caller's limits for (`authorizeChange`). */
  change?: SpendChange;
  /** In a dry run: why applying the change would wait for the owner's approval. */
  approvalNeeded?: string;
  /** A call let through as a stop: the refusal it gets if it turns out to start or raise spend. */
  onlyIfStop?: Failure;
  /** A stop that runs free: the units used when the quota refused it. */
  freeStopUsed?: number;
}

/**
 * The one pipeline every door runs: look up the tool, validate, resolve the account, claim the
 * idempotency key, hold a quota unit, run the handler while renewing both claims, then settle the unit,
 * the record and the audit row together. It authenticates nothing: the door did.
 */
export async function executeTool(
  services: PipelineServices,
  caller: Caller,
  toolName: string,
  rawArguments: unknown,
  options: ExecuteOptions,
): Promise<Execution> {
  const started = performance.now();
  services.metrics.callStarted(toolName);
  let execution: Execution | undefined;
  try {
    execution = await runCall(services, caller, toolName, rawArguments, options, started);
    return execution;
  } finally {
    const status = execution?.outcome.status ?? 500;
    services.metrics.callFinished(toolName, status, (performance.now() - started) / 1000);
  }
}

async function runCall(
  services: PipelineServices,
  caller: Caller,
  toolName: string,
  rawArguments: unknown,
  options: ExecuteOptions,
  started: number,
): Promise<Execution> {
  const record: CallRecord = {
    tool: undefined,
    account: null,
    dryRun: false,
    replayed: false,
    fingerprint: null,
    details: null,
    trace: { upstreamRequestIds: [], createdObjectIds: [] },
  };
  let outcome: Outcome;
  try {
    outcome = await runSteps(services, caller, toolName, rawArguments, options, record);
  } catch (error) {
    outcome = toFailure(services, toolName, options.requestId, error);
    if (record.claim) record.claim.fate ??= fateOfFailure(error);
  }
  const audit = auditEntry(services, caller, toolName, options, record, outcome, started);
  // Every call is answered once its audit row is stored: those that can spend or carry an Idempotency-Key
  // with their settlement, the rest (reads of the service's own state) by group commit.
  const durable =
    record.claim || record.hold || options.idempotencyKey !== undefined || record.tool?.billable;
  if (!durable) {
    await services.audit.record(audit);
    return { outcome, replayed: record.replayed };
  }
  const claim = record.claim && {
    handle: record.claim.handle,
    fate: record.claim.fate ?? { kind: 'record', outcome: JSON.stringify(outcome) },
  };
  const hold = record.hold && { ...record.hold, userId: caller.userId };
  try {
    const used = await settleCall(services, { hold, claim, audit });
    if (hold && used !== undefined) {
      const quota = {
        userId: caller.userId,
        tier: caller.tier,
        period: hold.period,
        limit: hold.limit,
        used,
      };
      await noteQuotaUse(services, quota);
    }
  } catch (error) {
    services.logger.error(
      { err: error, request_id: options.requestId, tool: toolName },
      'the call could not be settled',
    );
    if (!isStorageFault(error)) throw error;
    services.metrics.storageFault();
    // Its claims lapse within one lease: the unit comes back, and a retry with the key resumes the call.
    if (claim) outcome = failureOutcome(toolName, options.requestId, storageUnavailable());
    await services.audit.record({ ...audit, status: outcome.status, code: outcome.ok ? null : outcome.code });
  }
  return { outcome, replayed: record.replayed };
}

function shownValue(value: unknown): string {
  return value === null || value === undefined ? 'none' : JSON.stringify(value);
}

/** The shown fields that differ between what a stored change expects and what the campaign shows now. */
function driftOf(expected: Record<string, unknown>, change: SpendChange) {
  const now = change.target?.shown.before ?? {};
  const fields = [...new Set([...Object.keys(expected), ...Object.keys(now)])];
  const changed = fields.filter((field) => shownValue(expected[field]) !== shownValue(now[field]));
  const campaign = change.target ? `Campaign ${change.target.campaignId}` : 'The campaign';
  const words = changed
    .map((field) => `${field} was ${shownValue(expected[field])}, is now ${shownValue(now[field])}`)
    .join('; ');
  return { changed, now, campaign, words };
}

/** An approved change is applied only to the campaign as it was when the approval was asked for. */
function checkApprovalDrift(approved: ApprovedRun, change: SpendChange): void {
  const { changed, now, campaign, words } = driftOf(approved.before, change);
  if (changed.length === 0) return;
  throw new AppError(
    'approval_drifted',
    `${campaign} changed since the approval was asked for: ${words}. Nothing was written. The agent can ` +
      'ask again from the campaign as it is now.',
    { structuredContent: { changed, when_asked: approved.before, now } },
  );
}

/**
 * A revert is applied only to the campaign as the change left it: undoing a change someone made since
 * would overwrite theirs. So a revert sets exactly the values the campaign had before the change, never
 * more spend than it had then.
 */
function checkRevertDrift(revert: RevertRun, change: SpendChange): void {
  const { changed, now, campaign, words } = driftOf(revert.after, change);
  if (changed.length === 0) return;
  throw new AppError(
    'revert_drifted',
    `${campaign} changed since this change was made: ${words}. Nothing was written: reverting would undo ` +
      'the later change too. Make the change you want from the campaign as it is now.',
    { structuredContent: { changed, after_the_change: revert.after, now } },
  );
}

function auditEntry(
  services: PipelineServices,
  caller: Caller,
  toolName: string,
  { requestId, monitor }: ExecuteOptions,
  record: CallRecord,
  outcome: Outcome,
  started: number,
): AuditEntry {
  return {
    id: newId('aud'),
    created_at: services.clock.now().toISOString(),
    request_id: requestId,
    user_id: caller.userId,
    api_key_id: caller.apiKeyId,
    oauth_client_id: caller.oauth?.clientId ?? null,
    tool: auditedToolName(toolName),
    account_id: record.account?.account_id ?? null,
    status: outcome.status,
    code: outcome.ok ? null : outcome.code,
    latency_ms: Math.round(performance.now() - started),
    billable: record.hold?.billed ? 1 : 0,
    replayed: record.replayed ? 1 : 0,
    dry_run: record.dryRun ? 1 : 0,
    fingerprint: record.fingerprint,
    details: record.details && JSON.stringify(record.details),
    upstream_request_ids: jsonList(record.trace.upstreamRequestIds),
    created_object_ids: jsonList(record.trace.createdObjectIds),
    // The key the call claimed: a client-chosen UUID, no secret, shown on the change history.
    idempotency_key: record.claim?.handle.key ?? null,
    reverts: typeof record.details?.reverts === 'string' ? record.details.reverts : null,
    monitor_id: monitor?.monitorId ?? null,
  };
}

function jsonList(values: string[]): string | null {
  return values.length > 0 ? JSON.stringify(values) : null;
}

function toFailure(services: PipelineServices, tool: string, requestId: string, error: unknown): Failure {
  if (error instanceof AppError) return failureOutcome(tool, requestId, error);
  if (isStorageFault(error)) {
    services.metrics.storageFault();
    services.logger.warn({ err: error, request_id: requestId, tool }, 'the database failed a call');
    return failureOutcome(tool, requestId, storageUnavailable());
  }
  services.logger.error({ err: error, request_id: requestId, tool }, 'tool call failed unexpectedly');
  return internalFailure(tool, requestId, error);
}

/**
 * What a failed attempt leaves for a retry with the same key (docs/failure-model.md): the platform's
 * own rejections, and anything raised after the platform may have acted, are recorded and replayed; a
 * lost database leaves the recovery points for a retry to resume from; anything else runs again. An
 * unexpected exception counts as possibly acted upon, since nothing says the platform did not act.
 */
function fateOfFailure(error: unknown): ClaimFate | undefined {
  if (isStorageFault(error) || (error instanceof AppError && error.code === 'storage_unavailable')) {
    return { kind: 'abandon' };
  }
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'upstream_rejected' || error.options.upstreamMayHaveActed === true) return undefined;
  return { kind: 'release' };
}

async function runSteps(
  services: PipelineServices,
  caller: Caller,
  toolName: string,
  rawArguments: unknown,
  options: ExecuteOptions,
  record: CallRecord,
): Promise<Outcome> {
  const { config, storage, clock } = services;
  const now = clock.now();
  const tool = services.tools.get(toolName);
  if (!tool) throw toolNotFound(toolName, services.tools);
  record.tool = tool;
  const idempotencyKey = options.approved
    ? approvalIdempotencyKey(options.approved.approvalId)
    : options.revert
      ? revertIdempotencyKey(options.revert.changeId)
      : (options.monitor?.idempotencyKey ?? parseIdempotencyKey(options.idempotencyKey));

  const args = validateArguments(tool, rawArguments, config, now);
  record.dryRun = args.dry_run === true;
  record.details = pick(args, tool.auditFields);
  // A revert's row names the change it undoes, whatever its outcome: the history links the two.
  if (options.revert) {
    record.details = {
      ...record.details,
      reverts: options.revert.changeId,
      reverted_by: options.revert.revertedBy,
    };
  }
  const platform = tool.platform ?? platformNamedBy(tool, args);
  if (platform) {
    const accountArgument = tool.platformArguments?.account ?? PLATFORM_INFO[platform].accountArgument;
    const requested = args[accountArgument] as string | null | undefined;
    record.account = await resolveAccount(storage, config, caller, platform, requested);
  }
  record.fingerprint = callFingerprint(args, record.account, caller);
  requireToolScope(caller, tool, config);
  if (options.refusedUnlessStop) {
    if (!asksOnlyToStop(tool, args)) throw options.refusedUnlessStop;
    record.onlyIfStop = failureOutcome(tool.name, options.requestId, options.refusedUnlessStop);
  }

  if (idempotencyKey) {
    const claim = await claimIdempotencyKey(storage.db, {
      userId: caller.userId,
      key: idempotencyKey,
      tool: tool.name,
      fingerprint: record.fingerprint,
      earlierFingerprint: fingerprintBeforeLimits(args, record.account, caller),
      now,
      leaseSeconds: config.callLeaseSeconds,
      ttlHours: config.idempotency.ttlHours,
    });
    switch (claim.kind) {
      case 'replay':
        services.metrics.idempotency('replay');
        record.replayed = true;
        return JSON.parse(claim.outcome) as Outcome;
      case 'in_flight':
        services.metrics.idempotency('in_flight');
        throw new AppError(
          'idempotency_key_in_flight',
          `A request with this Idempotency-Key is still running. Retry after ${claim.retryAfterSeconds} ` +
            'second(s) with the same key: you get its result once it ends, or, if its server stopped, ' +
            'the retry takes it over and finishes it.',
          { retryAfterSeconds: claim.retryAfterSeconds },
        );
      case 'mismatch':
        services.metrics.idempotency('mismatch');
        throw new AppError(
          'idempotency_key_reused',
          `This Idempotency-Key was already used for a different call (${claim.tool} with other arguments, ` +
            'or by a key or app with other limits, whose answer this caller may not get). Use a fresh UUID ' +
            'for each logical operation.',
        );
      case 'claimed':
        record.claim = {
          handle: { userId: caller.userId, key: idempotencyKey, lockToken: claim.lockToken },
          earlierRecovery: claim.takenOver?.recovery,
        };
        if (claim.takenOver) {
          services.metrics.idempotency('takeover');
          // The dead attempt's quota unit goes with its claim: give it back before this one holds its own.
          await releaseQuotaHold(storage.db, holdIdOfClaim(claim.takenOver.lockToken));
        }
    }
  }

  // An approved change is not billed again: the call that asked for it was. A revert is the owner's own
  // undo, which an empty quota must not prevent; a monitor's check and action are not billed either.
  if (tool.billable && !record.dryRun && !options.approved && !options.revert && !options.monitor) {
    const held = await holdQuotaUnit(
      services,
      caller,
      tool.name,
      options.requestId,
      record.claim ? holdIdOfClaim(record.claim.handle.lockToken) : undefined,
    );
    if ('refusal' in held && asksOnlyToStop(tool, args)) {
      // A stop is never refused for quota: it runs free, unless it turns out to start or raise spend.
      record.onlyIfStop ??= held.refusal;
      record.freeStopUsed = held.refusal.quota?.used ?? 0;
    } else if ('refusal' in held) {
      if (record.claim) record.claim.fate = { kind: 'release' };
      return held.refusal;
    } else {
      record.hold = { ...held.hold, billed: false };
    }
  }
  return runHandler(services, caller, tool, args, options, record);
}

async function runHandler(
  services: PipelineServices,
  caller: Caller,
  tool: Tool,
  args: Record<string, unknown>,
  options: ExecuteOptions,
  record: CallRecord,
): Promise<Outcome> {
  const { config, clock, storage } = services;
  const now = clock.now();
  const claim = record.claim;
  const lease = new CallLease(services, { claim: claim?.handle, holdId: record.hold?.id });
  const recovery = new RecoveryPoints({
    earlier: claim?.earlierRecovery,
    now: () => clock.now(),
    ...(claim && {
      save: async (json: string) => {
        lease.assertHeld();
        if (!(await saveRecovery(storage.db, claim.handle, json))) {
          lease.markTakenOver();
          lease.assertHeld();
        }
      },
    }),
  });
  const context: ToolContext = {
    services,
    caller,
    account: record.account,
    dryRun: record.dryRun,
    requestId: options.requestId,
    now,
    onProgress: options.onProgress ?? (() => {}),
    trace: record.trace,
    recovery,
    authorizeChange: (change) => authorizeChange(caller, config, tool.name, change, record, options),
    noteChange: (before, after) => {
      record.details = { ...record.details, before, after };
    },
  };
  lease.start();
  let result: ToolResult;
  let status: 200 | 202 = 200;
  try {
    result = await tool.run(args, context);
  } catch (error) {
    if (error instanceof NotAStop) {
      if (claim) claim.fate = { kind: 'release' };
      return error.failure;
    }
    if (!(error instanceof ApprovalNeeded)) throw error;
    const call = { args, account: record.account, requestId: options.requestId };
    result = await requestApproval(services, caller, tool, call, error);
    status = 202;
  } finally {
    lease.stop();
  }
  if (record.hold) record.hold.billed = true;
  noteSpendChange(record, options.approved);
  const structured = withImpact(result.structured, record, now);
  return {
    ok: true,
    status,
    tool: tool.name,
    requestId: options.requestId,
    data: {
      text: record.approvalNeeded
        ? `${result.text} Applying it would wait for the owner's approval: ${record.approvalNeeded}`
        : result.text,
      ...(record.hold
        ? { quota: quotaBlock(config, caller.tier, record.hold.counted, now) }
        : record.freeStopUsed !== undefined
          ? { quota: { ...quotaBlock(config, caller.tier, record.freeStopUsed, now), free_stop: true } }
          : result.quota && { quota: result.quota }),
      ...(structured && { structured }),
      ...(result.content && { content: result.content }),
    },
  };
}

/**
 * The tool asks before a platform write: the caller's hard limits first (scope, accounts, ceilings:
 * refusals), then, for a call let through as a stop, that it stops; an approved change is checked for
 * drift; any other is checked against the guardrails, and waits for the owner when they say so.
 */
function authorizeChange(
  caller: Caller,
  config: Config,
  tool: string,
  change: SpendChange,
  record: CallRecord,
  options: ExecuteOptions,
): void {
  checkChange(caller, config, tool, change);
  record.change = change;
  if (record.onlyIfStop && liftsSpend(change)) throw new NotAStop(record.onlyIfStop);
  if (options.approved) {
    checkApprovalDrift(options.approved, change);
    return;
  }
  // The owner in person, putting back what the campaign had: no guardrail of an agent's applies.
  if (options.revert) {
    checkRevertDrift(options.revert, change);
    return;
  }
  const reason = approvalReason(caller, change);
  if (!reason) return;
  if (record.dryRun) record.approvalNeeded = reason;
  else throw new ApprovalNeeded(reason, change);
}

/** A dry run shows the change's projected effect on spend, and whether it would wait for approval. */
function withImpact(
  structured: Record<string, unknown> | undefined,
  record: CallRecord,
  now: Date,
): Record<string, unknown> | undefined {
  const impact = record.dryRun && record.change && impactOf(record.change, now);
  if (!impact) return structured;
  return {
    ...structured,
    impact: { ...impact, ...(record.approvalNeeded && { approval_needed: record.approvalNeeded }) },
  };
}

/**
 * The audit row of an applied spend change says which campaign it started or raised (what "stop all
 * agents" pauses) and, for an approved one, which approval and who approved it.
 */
function noteSpendChange(record: CallRecord, approved: ApprovedRun | undefined): void {
  const target = record.change?.target;
  if (record.dryRun || !record.change || !target) return;
  const raised = liftsSpend(record.change);
  if (!raised && !approved) return;
  record.details = {
    ...record.details,
    ...(raised && { raised_spend: true, target_campaign_id: target.campaignId }),
    ...(approved && { approval_id: approved.approvalId, approved_by: approved.approvedBy }),
  };
}

/**
 * What an Idempotency-Key is recorded with: the call and the limits of its caller, so that a replay
 * answers only a caller with the same limits (scope, accounts, ceilings) as the first, which could have
 * asked the same itself, whichever of the owner's keys or apps sends the key.
 */
function callFingerprint(args: Record<string, unknown>, account: AdAccount | null, caller: Caller): string {
  const call = { arguments: args, account: account?.account_id ?? null };
  return `v2:${fingerprint({ ...call, limits: canonicalLimits(caller.limits) })}`;
}

/**
 * The fingerprint of records written before the limits were covered (within the idempotency retention
 * of an upgrade): the call alone. A caller without an account limit may still replay or resume them, so
 * the retry of a call in flight across the upgrade is not refused (its agent would make it again under a
 * new key); a key limited to some accounts is refused them.
 */
function fingerprintBeforeLimits(
  args: Record<string, unknown>,
  account: AdAccount | null,
  caller: Caller,
): string | undefined {
  if (caller.limits.accounts !== null) return undefined;
  return fingerprint({ arguments: args, account: account?.account_id ?? null });
}

/** The platform a tool of any platform acts on, when its arguments name one (a monitor's). */
function platformNamedBy(tool: Tool, args: Record<string, unknown>): Platform | undefined {
  if (!tool.platformArguments) return undefined;
  const named = args[tool.platformArguments.platform];
  return typeof named === 'string' && isPlatform(named) ? named : undefined;
}

function pick(
  args: Record<string, unknown>,
  fields: readonly string[] | undefined,
): Record<string, unknown> | null {
  if (!fields || fields.length === 0) return null;
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (args[field] !== undefined) picked[field] = args[field];
  return picked;
}
