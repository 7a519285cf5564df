import type { Caller } from '../caller.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { quotaBlock, quotaPeriod, tierLimit, upgradeUrl } from '../quota.ts';
import { reclaimExpiredHolds, reserveQuotaHold } from '../storage/quota.ts';
import { leaseUntil } from './call-lease.ts';
import { type Failure, failureOutcome } from './outcome.ts';
import type { PipelineServices } from './pipeline-services.ts';

/** One unit a billable call holds while it runs, and the units counted with it. */
export interface QuotaHold {
  id: string;
  period: string;
  limit: number;
  counted: number;
}

/**
 * The hold of a call made under an idempotency claim is named after the claim's lock token, so a retry
 * that takes the claim over gives back exactly the dead attempt's unit, however its lease stood.
 */
export function holdIdOfClaim(lockToken: string): string {
  return `hold_${lockToken}`;
}

/**
 * Holds one unit for a billable call, or answers why not: 402 when the allowance is used up, 429
 * `quota_in_flight` when running calls hold the rest (one of them failing gives its unit back).
 */
export async function holdQuotaUnit(
  services: PipelineServices,
  caller: Caller,
  tool: string,
  requestId: string,
  holdId: string = newId('hold'),
): Promise<{ hold: QuotaHold } | { refusal: Failure }> {
  const { config, storage, clock } = services;
  const now = clock.now();
  const limit = tierLimit(config, caller.tier);
  const request = {
    holdId,
    userId: caller.userId,
    period: quotaPeriod(now),
    limit,
    leaseUntil: leaseUntil(services),
    now: now.toISOString(),
  };
  let reservation = await reserveQuotaHold(storage.transact, request);
  if (!reservation.ok && reservation.held > 0) {
    // Units of crashed calls come back once their lease ran out; only then is the refusal true.
    if ((await reclaimExpiredHolds(storage.db, now.toISOString(), caller.userId)) > 0) {
      reservation = await reserveQuotaHold(storage.transact, request);
    }
  }
  if (reservation.ok) {
    return { hold: { id: request.holdId, period: request.period, limit, counted: reservation.counted } };
  }
  const { used, held } = reservation;
  services.metrics.quotaRefused(used >= limit ? 'exhausted' : 'in_flight');
  if (used >= limit) {
    const quota = { ...quotaBlock(config, caller.tier, used, now), upgrade_url: upgradeUrl(config) };
    const error = new AppError(
      'quota_exceeded',
      `Monthly quota used up: ${quota.used} of ${quota.limit} calls on the ${caller.tier} tier. ` +
        `It resets on ${quota.period_end}; upgrade at ${quota.upgrade_url}.`,
    );
    return { refusal: { ...failureOutcome(tool, requestId, error), quota } };
  }
  const retryAfterSeconds = 2;
  const error = new AppError(
    'quota_in_flight',
    `Monthly quota: ${used} of ${limit} calls used, and ${held} call(s) still running hold the other ` +
      `${limit - used} unit(s). Retry after ${retryAfterSeconds} seconds: a unit comes back if one of them ` +
      'fails; if they all succeed, the quota is used up.',
    { retryAfterSeconds },
  );
  return {
    refusal: { ...failureOutcome(tool, requestId, error), quota: quotaBlock(config, caller.tier, used, now) },
  };
}
