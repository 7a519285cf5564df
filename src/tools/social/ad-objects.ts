import { z } from 'zod';
import { formatMicros, minorToMicros } from '../../money.ts';
import { STATUS_FIELDS, type Status } from '../status-vocabulary.ts';

/** A budget in an answer: the currency's decimal string; null when the object does not hold one. */
export function minorBudget(minor: number | undefined, currency: string): string | null {
  return minor ? formatMicros(minorToMicros(minor, currency), currency) : null;
}

type Level = 'campaign' | 'adset' | 'ad';

/**
 * Meta's effective statuses of a campaign, an ad set or ad whose own status is each common status: an active one
 * may still not run because of its campaign or ad set, its review or billing, and reads so.
 */
const EFFECTIVE: Record<Level, Record<Status, readonly string[]>> = {
  campaign: {
    ACTIVE: ['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES'],
    PAUSED: ['PAUSED'],
    REMOVED: ['ARCHIVED', 'DELETED'],
  },
  adset: {
    ACTIVE: ['ACTIVE', 'CAMPAIGN_PAUSED', 'IN_PROCESS', 'WITH_ISSUES'],
    PAUSED: ['PAUSED'],
    REMOVED: ['ARCHIVED', 'DELETED'],
  },
  ad: {
    ACTIVE: [
      'ACTIVE',
      'CAMPAIGN_PAUSED',
      'ADSET_PAUSED',
      'IN_PROCESS',
      'WITH_ISSUES',
      'PENDING_REVIEW',
      'DISAPPROVED',
      'PREAPPROVED',
      'PENDING_BILLING_INFO',
    ],
    PAUSED: ['PAUSED'],
    REMOVED: ['ARCHIVED', 'DELETED'],
  },
};

/** The `effective_status` filter Meta is sent for the common statuses asked (ACTIVE and PAUSED by default). */
export function effectiveStatusFilter(level: Level, statuses: readonly Status[] | undefined): string[] {
  return (statuses ?? ['ACTIVE', 'PAUSED']).flatMap((status) => [...EFFECTIVE[level][status]]);
}

/** The output fields of an object's status, as every list shows them. */
export const OBJECT_STATUS_FIELDS = {
  ...STATUS_FIELDS,
  effective_status: z.string().describe('What Meta runs, e.g. CAMPAIGN_PAUSED when its campaign is paused.'),
};

/** Where a listing over edges stands, as a cursor carries it (platforms/social/ad-sets.ts). */
export const EDGE_POSITION = z.object({ edge: z.int().min(0), after: z.string().optional() });

/** The ad account as a Meta list's heading and refusals name it. */
export function whereIn(account: { account_id: string; name: string }): string {
  return `Meta ad account ${account.account_id} (${account.name})`;
}

/** The account argument's prefix Meta's `account_id` fields leave out. */
export function sameAccount(accountId: string, metaAccountId: string): boolean {
  return accountId === `act_${metaAccountId}`;
}

/** The last section of a Meta list that has more: how to get it. */
export function moreObjects(what: string, nextCursor: string | null): string[] {
  return nextCursor
    ? [`More ${what} follow: call again with the same arguments and cursor set to next_cursor.`]
    : [];
}
