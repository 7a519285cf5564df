import type { Services } from '../context.ts';
import { expireApprovals } from '../owners/approvals.ts';
import { deleteExpired } from '../storage/idempotency.ts';
import { deleteExpiredOAuthRecords } from '../storage/oauth-records.ts';
import { reclaimExpiredHolds } from '../storage/quota.ts';

/**
 * Removes idempotency records past their retention and OAuth records past their lifetime (clients that
 * registered themselves and no owner approved within a day among them), gives back the quota units of
 * calls whose instance died (a reservation refused for want of units also does this for its owner), and
 * settles the approvals nobody decided in time, telling their owners.
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
}
