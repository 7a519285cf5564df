import { setTimeout as sleep } from 'node:timers/promises';
import { auditEntryExists, insertAuditEntries } from '../storage/audit.ts';
import {
  abandonClaim,
  type ClaimHandle,
  recordIdempotentOutcome,
  releaseIdempotencyKey,
} from '../storage/idempotency.ts';
import { billWithoutHold, settleQuotaHold } from '../storage/quota.ts';
import type { AuditEntry } from '../storage/schema.ts';
import { isStorageFault } from '../storage/storage-fault.ts';
import type { PipelineServices } from './pipeline-services.ts';

/** What becomes of a call's idempotency record. */
export type ClaimFate =
  | { kind: 'record'; outcome: string }
  /** Nothing happened upstream: a retry runs afresh. */
  | { kind: 'release' }
  /** How far the platform got is unknown: a retry takes over at once and resumes. */
  | { kind: 'abandon' };

export interface Settlement {
  hold?: { id: string; userId: string; period: string; limit: number; billed: boolean } | undefined;
  claim?: { handle: ClaimHandle; fate: ClaimFate } | undefined;
  audit: AuditEntry;
}

/** Waits between attempts: a dropped connection is usually replaced within one of them. */
const RETRY_DELAYS_MS = [50, 150, 400, 800, 1600, 2000];

/**
 * Ends a call in one transaction: its quota unit used or given back, its idempotency record settled, and
 * its audit row written, so none of the three can be lost or counted without the others. A storage
 * fault is retried for a few seconds; the audit row's id makes a retry after a commit whose answer was
 * lost a no-op rather than a second charge. Returns the period's billed calls after a billed call (the
 * quota thresholds are judged by it), undefined otherwise.
 */
export async function settleCall(
  services: PipelineServices,
  settlement: Settlement,
): Promise<number | undefined> {
  const { transact } = services.storage;
  for (let attempt = 0; ; attempt++) {
    try {
      return await transact(async (trx) => {
        if (attempt > 0 && (await auditEntryExists(trx, settlement.audit.id))) return undefined;
        const { hold, claim } = settlement;
        let used: number | undefined;
        if (hold) {
          used = await settleQuotaHold(trx, hold.id, hold.billed);
          if (used === undefined && hold.billed)
            used = await billWithoutHold(trx, hold.userId, hold.period, hold.limit);
        }
        if (claim) {
          const { handle, fate } = claim;
          if (fate.kind === 'record') await recordIdempotentOutcome(trx, handle, fate.outcome);
          else if (fate.kind === 'release') await releaseIdempotencyKey(trx, handle);
          else await abandonClaim(trx, handle, services.clock.now());
        }
        await insertAuditEntries(trx, [settlement.audit]);
        return hold?.billed ? used : undefined;
      });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isStorageFault(error) || delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
