import type { Caller, Services } from '../context.ts';
import { AppError, internalErrorMessage } from '../errors.ts';
import { newId } from '../ids.ts';
import { PLATFORM_INFO } from '../platforms/families.ts';
import {
  claimIdempotencyKey,
  recordIdempotentOutcome,
  releaseIdempotencyKey,
} from '../storage/idempotency.ts';
import { releaseQuotaUnit, reserveQuotaUnit } from '../storage/quota.ts';
import type { AdAccount } from '../storage/schema.ts';
import type { Progress, Tool, ToolContext } from '../tools/tool.ts';
import { fingerprint } from './fingerprint.ts';
import { parseIdempotencyKey } from './idempotency-key.ts';
import type { Failure, Outcome } from './outcome.ts';
import { quotaBlock, quotaPeriod, tierLimit, upgradeUrl } from './quota.ts';
import { resolveAccount } from './resolve-account.ts';
import { validateArguments } from './validate-arguments.ts';

export interface ExecuteOptions {
  requestId: string;
  /** The raw `Idempotency-Key` value, checked here so every door applies the same rule. */
  idempotencyKey?: string | undefined;
  onProgress?: (progress: Progress) => void;
}

export interface Execution {
  outcome: Outcome;
  replayed: boolean;
}

/** What the audit row needs to know, filled in as the call goes through the steps. */
interface CallRecord {
  tool: Tool | undefined;
  account: AdAccount | null;
  dryRun: boolean;
  replayed: boolean;
  fingerprint: string | null;
  details: Record<string, unknown> | null;
  trace: ToolContext['trace'];
}

export function failureOutcome(tool: string, requestId: string, error: AppError): Failure {
  return {
    ok: false,
    status: error.status,
    code: error.code,
    tool,
    requestId,
    message: error.message,
    ...(error.options.structuredContent && { structuredContent: error.options.structuredContent }),
    ...(error.options.retryAfterSeconds !== undefined && {
      retryAfterSeconds: error.options.retryAfterSeconds,
    }),
  };
}

/**
 * The one pipeline every door runs: look up the tool, validate, resolve the account, take the
 * idempotency record, reserve quota, run the handler, settle quota and the record, write the audit row.
 * It authenticates nothing: the door did.
 */
export async function executeTool(
  services: Services,
  caller: Caller,
  toolName: string,
  rawArguments: unknown,
  options: ExecuteOptions,
): Promise<Execution> {
  const started = performance.now();
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
  }
  const now = services.clock.now();
  services.audit.record({
    id: newId('aud'),
    created_at: now.toISOString(),
    request_id: options.requestId,
    user_id: caller.userId,
    api_key_id: caller.apiKeyId,
    tool: toolName,
    account_id: record.account?.account_id ?? null,
    status: outcome.status,
    code: outcome.ok ? null : outcome.code,
    latency_ms: Math.round(performance.now() - started),
    billable: record.tool?.billable && !record.dryRun && !record.replayed && outcome.ok ? 1 : 0,
    replayed: record.replayed ? 1 : 0,
    dry_run: record.dryRun ? 1 : 0,
    fingerprint: record.fingerprint,
    details: record.details && JSON.stringify(record.details),
    upstream_request_ids: jsonList(record.trace.upstreamRequestIds),
    created_object_ids: jsonList(record.trace.createdObjectIds),
  });
  return { outcome, replayed: record.replayed };
}

function jsonList(values: string[]): string | null {
  return values.length > 0 ? JSON.stringify(values) : null;
}

/** An unexpected failure: the caller learns only the exception type; the details go to the log. */
export function internalFailure(tool: string, requestId: string, error: unknown): Failure {
  return {
    ok: false,
    status: 500,
    code: 'internal_error',
    tool,
    requestId,
    message: internalErrorMessage(error),
  };
}

function toFailure(services: Services, tool: string, requestId: string, error: unknown): Failure {
  if (error instanceof AppError) return failureOutcome(tool, requestId, error);
  services.logger.error({ err: error, request_id: requestId, tool }, 'tool call failed unexpectedly');
  return internalFailure(tool, requestId, error);
}

async function runSteps(
  services: Services,
  caller: Caller,
  toolName: string,
  rawArguments: unknown,
  options: ExecuteOptions,
  record: CallRecord,
): Promise<Outcome> {
  const { config, storage, clock } = services;
  const now = clock.now();
  const tool = services.tools.get(toolName);
  if (!tool) throw new AppError('tool_not_found', `Tool not found: ${toolName}`);
  record.tool = tool;
  const idempotencyKey = parseIdempotencyKey(options.idempotencyKey);

  const args = validateArguments(tool, rawArguments, config, now);
  record.dryRun = args.dry_run === true;
  record.details = pick(args, tool.auditFields);
  if (tool.family) {
    const requested = args[PLATFORM_INFO[tool.family].accountArgument] as string | null | undefined;
    record.account = await resolveAccount(storage, config, caller.userId, tool.family, requested);
  }
  record.fingerprint = fingerprint({ arguments: args, account: record.account?.account_id ?? null });

  let lockToken: string | undefined;
  if (idempotencyKey) {
    const claim = await claimIdempotencyKey(storage.db, {
      userId: caller.userId,
      key: idempotencyKey,
      tool: tool.name,
      fingerprint: record.fingerprint,
      now,
      lockSeconds: config.idempotency.lockSeconds,
      ttlHours: config.idempotency.ttlHours,
    });
    switch (claim.kind) {
      case 'replay':
        record.replayed = true;
        return JSON.parse(claim.outcome) as Outcome;
      case 'in_flight':
        throw new AppError(
          'idempotency_key_in_flight',
          'A request with this Idempotency-Key is still running. Wait for it to finish, then retry with ' +
            'the same key to get its result.',
        );
      case 'mismatch':
        throw new AppError(
          'idempotency_key_reused',
          `This Idempotency-Key was already used for a different call (${claim.tool} with other arguments). ` +
            'Use a fresh UUID for each logical operation.',
        );
      case 'claimed':
        lockToken = claim.lockToken;
    }
  }

  if (!idempotencyKey || !lockToken)
    return (await runHandler(services, caller, tool, args, options, record)).outcome;
  let handled: Awaited<ReturnType<typeof runHandler>>;
  try {
    handled = await runHandler(services, caller, tool, args, options, record);
  } catch (error) {
    await releaseIdempotencyKey(storage.db, caller.userId, idempotencyKey, lockToken);
    throw error;
  }
  if (handled.keep) {
    const outcome = JSON.stringify(handled.outcome);
    await recordIdempotentOutcome(storage.db, caller.userId, idempotencyKey, lockToken, outcome);
  } else {
    await releaseIdempotencyKey(storage.db, caller.userId, idempotencyKey, lockToken);
  }
  return handled.outcome;
}

async function runHandler(
  services: Services,
  caller: Caller,
  tool: Tool,
  args: Record<string, unknown>,
  options: ExecuteOptions,
  record: CallRecord,
): Promise<{ outcome: Outcome; keep: boolean }> {
  const { config, storage, clock } = services;
  const now = clock.now();
  const billed = tool.billable && !record.dryRun;
  const period = quotaPeriod(now);
  let used: number | null = null;
  if (billed) {
    used = await reserveQuotaUnit(storage.db, caller.userId, period, tierLimit(config, caller.tier));
    if (used === null) {
      const limit = tierLimit(config, caller.tier);
      const quota = { ...quotaBlock(config, caller.tier, limit, now), upgrade_url: upgradeUrl(config) };
      const error = new AppError(
        'quota_exceeded',
        `Monthly quota used up: ${quota.used} of ${quota.limit} calls on the ${caller.tier} tier. ` +
          `It resets on ${quota.period_end}; upgrade at ${quota.upgrade_url}.`,
      );
      return { outcome: { ...failureOutcome(tool.name, options.requestId, error), quota }, keep: false };
    }
  }

  const context: ToolContext = {
    services,
    caller,
    account: record.account,
    dryRun: record.dryRun,
    requestId: options.requestId,
    now,
    onProgress: options.onProgress ?? (() => {}),
    trace: record.trace,
  };
  try {
    const result = await tool.run(args, context);
    const outcome: Outcome = {
      ok: true,
      status: 200,
      tool: tool.name,
      requestId: options.requestId,
      data: {
        text: result.text,
        ...(used !== null
          ? { quota: quotaBlock(config, caller.tier, used, now) }
          : result.quota && { quota: result.quota }),
        ...(result.structured && { structured: result.structured }),
        ...(result.content && { content: result.content }),
      },
    };
    return { outcome, keep: true };
  } catch (error) {
    if (used !== null) await releaseQuotaUnit(storage.db, caller.userId, period);
    return { outcome: toFailure(services, tool.name, options.requestId, error), keep: keepFailure(error) };
  }
}

/**
 * Which handler failures a retry must see again rather than cause again (CONTRACT.md, Idempotency):
 * the platform's own rejections, and anything raised after the platform may have acted. An unexpected
 * exception inside a handler counts as that, since nothing says the platform did not act.
 */
function keepFailure(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  return error.code === 'upstream_rejected' || error.options.upstreamMayHaveActed === true;
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
