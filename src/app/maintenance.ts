import type { Services } from '../context.ts';
import { expireApprovals } from '../owners/approvals.ts';
import { deleteExpired } from '../storage/idempotency.ts';
import { deleteMoneyChangesBefore } from '../storage/money-changes.ts';
import { deleteExpiredOAuthRecords } from '../storage/oauth-records.ts';
import { reclaimExpiredHolds } from '../storage/quota.ts';
import { deleteLapsedWrites } from '../storage/writes-in-flight.ts';

/** How long the money each write moved is kept: past the guardrails' day and the stop's week. */
const MONEY_HISTORY_DAYS = 35;

/**
 * Removes idempotency records past their retention and OAuth records past their lifetime (clients that
 * registered themselves and no owner approved within a day among them), gives back the quota units of
 * calls whose instance died (a reservation refused for want of units also does this for its owner),
 * settles the approvals nobody decided in time, telling their owners, and clears the money history past
 * its use and the in-flight writes of crashed calls.
 */
export async function sweepExpired(services: Services): Promise<void> {
  const now = services.clock.now();
  const removed = await deleteExpired(services.storage.db, now);
  if (removed > 0) services.logger.info({ removed }, 'expired idempotency records removed');
  const reclaimed = await reclaimExpiredHolds(services.storage.db, now.toISOString());
  if (reclaimed > 0) services.logger.info({ reclaimed }, 'quota units of crashed calls given back');
  await deleteExpiredOAuthRecords(services.storage.db, now);
  const expired = await expireApprovals(services);
  if (expired > 0) services.logger.info({ expired }, 'approvals nobody decided expired');
  await deleteMoneyChangesBefore(
    services.storage.db,
    new Date(now.getTime() - MONEY_HISTORY_DAYS * 86_400_000).toISOString(),
  );
  // A lapsed row no longer holds a stop back; clearing it only keeps the table small.
  await deleteLapsedWrites(services.storage.db, new Date(now.getTime() - 3_600_000).toISOString());
}
