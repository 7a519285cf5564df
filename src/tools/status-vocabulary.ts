import { z } from 'zod';
import type { Platform } from '../platform-families.ts';

/**
 * The one status vocabulary of every list and update tool, whatever the platform: ACTIVE may deliver,
 * PAUSED is stopped and can run again, REMOVED is gone for good (removed, deleted, archived, ended). Each
 * answer shows the platform's own value beside it as `platform_status`.
 */
export const STATUSES = ['ACTIVE', 'PAUSED', 'REMOVED'] as const;
export type Status = (typeof STATUSES)[number];

/** Each platform's own values for an object's status, by the common status they mean. */
const PLATFORM_VALUES: Record<Platform, Record<Status, readonly string[]>> = {
  search: { ACTIVE: ['ENABLED'], PAUSED: ['PAUSED'], REMOVED: ['REMOVED'] },
  network: {
    ACTIVE: ['ACTIVE'],
    PAUSED: ['PAUSED', 'DRAFT'],
    REMOVED: ['ARCHIVED', 'CANCELED', 'CANCELLED', 'COMPLETED', 'PENDING_DELETION', 'REMOVED'],
  },
  social: { ACTIVE: ['ACTIVE'], PAUSED: ['PAUSED'], REMOVED: ['ARCHIVED', 'DELETED'] },
  video: { ACTIVE: ['ENABLE'], PAUSED: ['DISABLE'], REMOVED: ['DELETE'] },
};

/**
 * The common status of a platform's own value. A value the table does not know (a platform adds one)
 * reads as PAUSED only when it says so; anything else is taken as not delivering either, and the answer
 * still shows the platform's value.
 */
export function commonStatus(platform: Platform, platformStatus: string): Status {
  const values = PLATFORM_VALUES[platform];
  for (const status of STATUSES) if (values[status].includes(platformStatus)) return status;
  return platformStatus.includes('DELET') || platformStatus.includes('REMOV') ? 'REMOVED' : 'PAUSED';
}

/** The platform's value to send for a common status (its first spelling). */
export function platformStatus(platform: Platform, status: Status): string {
  return PLATFORM_VALUES[platform][status][0] as string;
}

/** `status` and `platform_status` for an object of a list or an update's before and after. */
export function statusFields(platform: Platform, platformValue: string) {
  return { status: commonStatus(platform, platformValue), platform_status: platformValue };
}

/** The two in a list's text: `ACTIVE (ENABLE)`, or `ACTIVE` alone where the platform says the same. */
export function statusText(row: { status: string; platform_status: string }): string {
  return row.status === row.platform_status ? row.status : `${row.status} (${row.platform_status})`;
}

/** The output schema of those two fields. */
export const STATUS_FIELDS = {
  status: z.enum(STATUSES).describe('ACTIVE, PAUSED or REMOVED, the same on every platform.'),
  platform_status: z.string().describe("The platform's own status value."),
};

/** A value of `from` taken as the common status it names on the platform, or left as it was. */
function toCommon(platform: Platform, accepted: readonly Status[], from: unknown): unknown {
  if (typeof from !== 'string') return from;
  const value = from.trim().toUpperCase();
  if ((accepted as readonly string[]).includes(value)) return value;
  const common = (STATUSES as readonly string[]).includes(value) ? undefined : commonStatus(platform, value);
  return common && PLATFORM_VALUES[platform][common].includes(value) ? common : from;
}

/**
 * The `status` argument of an update: ACTIVE or PAUSED, or the platform's own word for either (ENABLED on
 * Google, ENABLE and DISABLE on TikTok), taken as the common one. The published schema shows only the
 * common values, so it stays small and the same on every platform.
 */
export function statusChange(platform: Platform) {
  const accepted = ['ACTIVE', 'PAUSED'] as const;
  return z
    .preprocess((value) => toCommon(platform, accepted, value), z.enum(accepted))
    .meta({ type: 'string', enum: [...accepted] });
}

/**
 * The `status` filter of a list: the common statuses wanted (the platform's own values taken too), by
 * default ACTIVE and PAUSED.
 */
export function statusFilter(platform: Platform) {
  return z
    .array(z.preprocess((value) => toCommon(platform, STATUSES, value), z.enum(STATUSES)))
    .min(1)
    .refine((statuses) => new Set(statuses).size === statuses.length, 'must not repeat a status')
    .meta({ uniqueItems: true })
    .optional();
}

/**
 * An update's `changed`: the fields whose shown values differ, without `platform_status`, which counts as
 * `status` (a LinkedIn draft paused is PAUSED before and after, and still changed its status).
 */
export function changedFields<Shown extends Record<string, unknown>>(before: Shown, after: Shown): string[] {
  return Object.keys(after).filter((field) => {
    if (field === 'platform_status') return false;
    if (field === 'status' && after.platform_status !== before.platform_status) return true;
    return after[field] !== before[field];
  });
}
