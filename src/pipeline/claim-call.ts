import type { Caller } from '../caller.ts';
import { AppError } from '../errors.ts';
import { fingerprint } from '../fingerprint.ts';
import { canonicalLimits } from '../key-limits.ts';
import { claimIdempotencyKey } from '../storage/idempotency.ts';
import { releaseQuotaHold } from '../storage/quota.ts';
import type { AdAccount } from '../storage/schema.ts';
import type { Tool } from '../tools/tool.ts';
import type { CallMode } from './call-mode.ts';
import type { CallRecord } from './call-record.ts';
import type { Outcome } from './outcome.ts';
import type { PipelineServices } from './pipeline-services.ts';
import { holdIdOfClaim } from './quota-hold.ts';

/**
 * What an Idempotency-Key is recorded with: the call and the limits of its caller, so that a replay
 * answers only a caller with the same limits (scope, accounts, ceilings) as the first, which could have
 * asked the same itself, whichever of the owner's keys or apps sends the key. The service's own runs
 * (an approval, a revert, a monitor's firing) are keyed by what they apply, so their fingerprint is the
 * call alone: a key narrowed between two approves still resumes its approval, judged by its new limits.
 */
export function callFingerprint(
  args: Record<string, unknown>,
  account: AdAccount | null,
  caller: Caller,
  mode: CallMode,
): string {
  const call = { arguments: args, account: account?.account_id ?? null };
  if (mode.kind !== 'call') return `v3:${fingerprint(call)}`;
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

/**
 * Claims the call's idempotency key: answers the recorded outcome of a replay, refuses a key in flight or
 * used for another call, or notes the claim (and gives back the unit of a dead attempt it takes over).
 */
export async function claimCall(
  services: PipelineServices,
  caller: Caller,
  tool: Tool,
  call: { key: string; args: Record<string, unknown>; now: Date },
  record: CallRecord,
): Promise<Outcome | undefined> {
  const { storage, config } = services;
  const claim = await claimIdempotencyKey(storage.db, {
    userId: caller.userId,
    key: call.key,
    tool: tool.name,
    fingerprint: record.fingerprint ?? '',
    earlierFingerprint: fingerprintBeforeLimits(call.args, record.account, caller),
    now: call.now,
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
        handle: { userId: caller.userId, key: call.key, lockToken: claim.lockToken },
        earlierRecovery: claim.takenOver?.recovery,
      };
      if (claim.takenOver) {
        services.metrics.idempotency('takeover');
        // The dead attempt's quota unit goes with its claim: give it back before this one holds its own.
        await releaseQuotaHold(storage.db, holdIdOfClaim(claim.takenOver.lockToken));
      }
      return undefined;
  }
}
