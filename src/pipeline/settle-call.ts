import { setTimeout as sleep } from 'node:timers/promises';
import { auditEntryExists, insertAuditEntries } from '../storage/audit.ts';
import {
  abandonClaim,
  type ClaimHandle,
  recordIdempotentOutcome,
  releaseIdempotencyKey,
} from '../storage/idempotency.ts';
import { insertMoneyChanges, type MoneyChangeRow } from '../storage/money-changes.ts';
import { billWithoutHold, settleQuotaHold } from '../storage/quota.ts';
import type { AuditEntry } from '../storage/schema.ts';
import { isStorageFault } from '../storage/storage-fault.ts';
import { endWrite } from '../storage/writes-in-flight.ts';
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
  /** The money fields the call moved (src/storage/money-changes.ts). */
  moneyChanges?: MoneyChangeRow[] | undefined;
  /** The agent write the call held in flight: it ends with the rows that record it. */
  writeId?: string | undefined;
}

/** Waits between attempts: a dropped connection is usually replaced within one of them. */
const RETRY_DELAYS_MS = [50, 150, 400, 800, 1600, 2000];

/**
 * Ends a call in one transaction: its quota unit used or given back, its idempotency record settled, its
 * audit row and the money it moved written, and its agent write taken out of flight, so none of them can
 * be lost or counted without the others (and a stop that waits for the write sees what it changed). A storage
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
        await insertMoneyChanges(trx, settlement.moneyChanges ?? []);
        if (settlement.writeId) await endWrite(trx, settlement.writeId);
        return hold?.billed ? used : undefined;
      });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isStorageFault(error) || delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
