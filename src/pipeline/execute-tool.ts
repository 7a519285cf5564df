import type { Caller } from '../caller.ts';
import { AppError } from '../errors.ts';
import { noteQuotaUse } from '../notifications/quota-threshold.ts';
import { isPlatform, PLATFORM_INFO, type Platform } from '../platform-families.ts';
import type { Progress } from '../progress.ts';
import { isStorageFault, storageUnavailable } from '../storage/storage-fault.ts';
import type { Tool } from '../tools/tool.ts';
import { type CallMode, idempotencyKeyOf, isBilled, modeDetails } from './call-mode.ts';
import { auditEntry, type CallRecord, moneyRows, newRecord } from './call-record.ts';
import { callFingerprint, claimCall } from './claim-call.ts';
import { requireToolScope } from './key-checks.ts';
import { type Failure, failureOutcome, internalFailure, type Outcome } from './outcome.ts';
import type { PipelineServices } from './pipeline-services.ts';
import { holdIdOfClaim, holdQuotaUnit } from './quota-hold.ts';
import { resolveAccount } from './resolve-account.ts';
import { runHandler } from './run-handler.ts';
import { type ClaimFate, settleCall } from './settle-call.ts';
import { asksOnlyToStop, refusedUnlessStop } from './stop-call.ts';
import { toolNotFound } from './tool-not-found.ts';
import { validateArguments } from './validate-arguments.ts';

export interface ExecuteOptions {
  requestId: string;
  onProgress?: ((progress: Progress) => void) | undefined;
  /** How the call came: through a door (the default), or as one of the service's own runs. */
  mode?: CallMode | undefined;
}

export interface Execution {
  outcome: Outcome;
  replayed: boolean;
}

/**
 * The one pipeline every door runs: look up the tool, validate, resolve the account, claim the
 * idempotency key, hold a quota unit, run the handler while renewing its claims, then settle the unit,
 * the record, the audit row and the money moved together. It authenticates nothing: the door did.
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
  const mode: CallMode = options.mode ?? { kind: 'call' };
  const { requestId } = options;
  const record = newRecord();
  let outcome: Outcome;
  try {
    outcome = await runSteps(services, caller, toolName, rawArguments, { ...options, mode }, record);
  } catch (error) {
    outcome = toFailure(services, toolName, requestId, error);
    if (record.claim) record.claim.fate ??= fateOfFailure(error);
  }
  const now = services.clock.now();
  const audit = auditEntry(
    caller,
    toolName,
    { requestId, mode, now, latencyMs: performance.now() - started },
    record,
    outcome,
  );
  // Every call is answered once its audit row is stored: those that can spend, write or carry an
  // Idempotency-Key with their settlement, the rest (reads of the service's own state) by group commit.
  const durable =
    record.claim ||
    record.hold ||
    record.write ||
    record.made ||
    record.tool?.billable ||
    mode.kind !== 'call' ||
    mode.idempotencyKey !== undefined;
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
    const used = await settleCall(services, {
      hold,
      claim,
      audit,
      moneyChanges: moneyRows(caller, mode, record, audit),
      writeId: record.write,
    });
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
      { err: error, request_id: requestId, tool: toolName },
      'the call could not be settled',
    );
    if (!isStorageFault(error)) throw error;
    services.metrics.storageFault();
    // Its claims lapse within one lease: the unit comes back, and a retry with the key resumes the call.
    if (claim) outcome = failureOutcome(toolName, requestId, storageUnavailable());
    await services.audit.record({ ...audit, status: outcome.status, code: outcome.ok ? null : outcome.code });
  }
  return { outcome, replayed: record.replayed };
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
  options: ExecuteOptions & { mode: CallMode },
  record: CallRecord,
): Promise<Outcome> {
  const { config, storage, clock } = services;
  const { mode, requestId } = options;
  const now = clock.now();
  const tool = services.tools.get(toolName);
  if (!tool) throw toolNotFound(toolName, services.tools);
  record.tool = tool;
  // A door's rate-limit refusal holds for every call but a stop, on every door: decided here once.
  if (mode.kind === 'call' && mode.rateLimited) {
    const refused = refusedUnlessStop(tool, rawArguments, mode.rateLimited);
    if (refused) throw refused;
    record.onlyIfStop = failureOutcome(tool.name, requestId, mode.rateLimited);
  }
  const idempotencyKey = idempotencyKeyOf(mode);

  const args = validateArguments(tool, rawArguments, config, now);
  record.dryRun = args.dry_run === true;
  const details = { ...pick(args, tool.auditFields), ...modeDetails(mode) };
  record.details = Object.keys(details).length > 0 ? details : null;
  const platform = tool.platform ?? platformNamedBy(tool, args);
  if (platform) {
    const accountArgument = tool.platformArguments?.account ?? PLATFORM_INFO[platform].accountArgument;
    const requested = args[accountArgument] as string | null | undefined;
    record.account = await resolveAccount(storage, config, caller, platform, requested);
  }
  record.fingerprint = callFingerprint(args, record.account, caller, mode);
  requireToolScope(caller, tool, config);

  if (idempotencyKey) {
    const replay = await claimCall(services, caller, tool, { key: idempotencyKey, args, now }, record);
    if (replay) return replay;
  }

  if (isBilled(mode, tool)) {
    const held = await holdQuotaUnit(
      services,
      caller,
      tool.name,
      requestId,
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

/** The platform a tool of any platform acts on, when its arguments name one (a monitor's). */
function platformNamedBy(tool: Tool, args: Record<string, unknown>): Platform | undefined {
  if (!tool.platformArguments) return undefined;
  const named = args[tool.platformArguments.platform];
  return typeof named === 'string' && isPlatform(named) ? named : undefined;
}

function pick(args: Record<string, unknown>, fields: readonly string[] | undefined): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields ?? []) if (args[field] !== undefined) picked[field] = args[field];
  return picked;
}
