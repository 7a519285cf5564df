import type { Platform } from '../platform-families.ts';
import { commonStatus } from './status-vocabulary.ts';

/** The campaigns of a report that are running now (their platform's status reads ACTIVE). */
export function runningCampaigns<T extends { platformStatus?: string | undefined }>(
  platform: Platform,
  campaigns: readonly T[],
): T[] {
  return campaigns.filter((c) => c.platformStatus && commonStatus(platform, c.platformStatus) === 'ACTIVE');
}
