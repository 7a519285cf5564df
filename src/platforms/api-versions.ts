import { PLATFORM_INFO, type Platform } from '../platform-families.ts';

/**
 * The platforms' API version calendars (docs/platforms.md, "Versions"), as adops knows them: when each
 * version was released and when the platform stops serving it. The service warns its operator within
 * SUNSET_WARNING_DAYS of the configured version's sunset (at start, in /readyz), and says so louder once
 * it is past. The sandboxes keep calendars of their own: an emulator sharing this one could not catch a
 * mistake in it.
 */

/** The operator is warned this many days before the configured version's sunset. */
export const SUNSET_WARNING_DAYS = 60;

const DAY_MS = 86_400_000;

interface CalendarEntry {
  released?: string;
  sunset?: string;
  /** The platform announced the month only: the sunset is taken as its first day. */
  tentative?: boolean;
}

/**
 * Google Ads API: a major version about a year, at most five at once (developers.google.com/google-ads/api/
 * docs/sunset-dates; the v22 sunset reminder of 2026-09); the sunsets of v23 to v26 are announced by month.
 */
const GOOGLE: Record<string, CalendarEntry> = {
  v19: { sunset: '2026-02-11' },
  v20: { sunset: '2026-06-10' },
  v21: { sunset: '2026-08-05' },
  v22: { sunset: '2026-10-07' },
  v23: { released: '2026-01-28', sunset: '2027-02-01', tentative: true },
  v24: { released: '2026-04-22', sunset: '2027-05-01', tentative: true },
  v25: { released: '2026-07-22', sunset: '2027-08-01', tentative: true },
  v26: { released: '2026-10-14', sunset: '2027-11-01', tentative: true },
};

/** Meta's Marketing API versions (marketing-api-changelog/versions): after expiry Meta upgrades calls or refuses them. */
const META: Record<string, CalendarEntry> = {
  'v23.0': { released: '2025-05-29', sunset: '2026-06-09' },
  'v24.0': { released: '2025-10-08', sunset: '2026-11-10' },
  'v25.0': { released: '2026-02-18', sunset: '2027-02-23' },
  'v26.0': { released: '2026-07-29' },
  'v27.0': { released: '2026-11-04' },
};

/** TikTok API for Business: v1.3 since 2022-08-15; v1.2 went offline on 2023-08-15. */
const TIKTOK: Record<string, CalendarEntry> = {
  'v1.2': { sunset: '2023-08-15' },
  'v1.3': { released: '2022-08-15' },
};

/**
 * LinkedIn's rule for the Marketing API versions (`LinkedIn-Version: YYYYMM`, or `YYYYMM.RR` for a
 * revision): released monthly, each served from its month for at least one year, until a sunset LinkedIn
 * publishes on its migrations page (mid-month, a year after the release); before the release and after
 * the sunset LinkedIn answers HTTP 426 `NONEXISTENT_VERSION`.
 */
const LINKEDIN_SUNSETS: Record<string, string> = {
  '202407': '2025-07-22',
  '202408': '2025-08-18',
  '202409': '2025-09-15',
  '202410': '2025-10-15',
  '202411': '2025-11-17',
  '202510': '2026-10-15',
  '202511': '2026-11-16',
  '202601': '2027-01-15',
  '202602': '2027-02-15',
  '202603': '2027-03-16',
};

/** Months LinkedIn released no Marketing version in (its migrations page goes from November to January). */
const LINKEDIN_NOT_RELEASED = new Set(['202412', '202512']);

function linkedInEntry(version: string): CalendarEntry | 'malformed' {
  const match = /^(\d{4})(\d{2})(\.\d{2})?$/.exec(version.trim());
  const month = Number(match?.[2]);
  if (!match?.[1] || !match[2] || month < 1 || month > 12) return 'malformed';
  const key = `${match[1]}${match[2]}`;
  const released = `${match[1]}-${match[2]}-01`;
  if (LINKEDIN_NOT_RELEASED.has(key)) return {};
  const sunset = LINKEDIN_SUNSETS[key] ?? `${Number(match[1]) + 1}-${match[2]}-15`;
  return { released, sunset };
}

export type VersionStatus =
  | { state: 'active'; sunset: Date | undefined; tentative: boolean }
  | { state: 'sunset'; sunset: Date }
  | { state: 'not_released' }
  /** Not in adops' calendar: it may be served, adops cannot say until when. */
  | { state: 'unknown' }
  | { state: 'malformed' };

/** Whether the platform serves `version` at `now`, by its calendar. */
export function versionStatus(platform: Platform, version: string, now: Date): VersionStatus {
  const entry =
    platform === 'network'
      ? linkedInEntry(version)
      : ({ search: GOOGLE, social: META, video: TIKTOK } as const)[platform][version];
  if (entry === 'malformed') return { state: 'malformed' };
  if (entry === undefined) return { state: 'unknown' };
  if (entry.released === undefined && entry.sunset === undefined) return { state: 'not_released' };
  if (entry.released !== undefined && now < new Date(`${entry.released}T00:00:00Z`))
    return { state: 'not_released' };
  const sunset = entry.sunset === undefined ? undefined : new Date(`${entry.sunset}T00:00:00Z`);
  if (sunset && now >= sunset) return { state: 'sunset', sunset };
  return { state: 'active', sunset, tentative: entry.tentative === true };
}

export interface VersionNotice {
  level: 'warn' | 'error';
  message: string;
}

const SETTING: Record<Platform, string> = {
  search: 'ADOPS_SEARCH_API_VERSION',
  network: 'ADOPS_NETWORK_API_VERSION',
  social: 'ADOPS_SOCIAL_API_VERSION',
  video: 'ADOPS_VIDEO_API_VERSION',
};

/**
 * What the service says about a configured version: an error once the platform no longer serves it
 * (every live call would be refused), a warning within SUNSET_WARNING_DAYS of its sunset or when adops'
 * calendar does not know it; nothing otherwise.
 */
export function versionNotice(platform: Platform, version: string, now: Date): VersionNotice | undefined {
  const status = versionStatus(platform, version, now);
  const label = PLATFORM_INFO[platform].label;
  const fix = `set ${SETTING[platform]} to a version ${label} serves (docs/platforms.md, "Versions")`;
  switch (status.state) {
    case 'malformed':
      return { level: 'error', message: `${label} API version "${version}" is not a version name: ${fix}.` };
    case 'not_released':
      return {
        level: 'error',
        message: `${label} serves no API version ${version} (not released): every live call would be refused; ${fix}.`,
      };
    case 'unknown':
      return {
        level: 'warn',
        message: `${label} API version ${version} is not in adops' calendar, so its sunset cannot be watched: ${fix}.`,
      };
    case 'sunset':
      return {
        level: 'error',
        message: `${label} API version ${version} reached its sunset on ${day(status.sunset)}: every live call is refused or served as another version; ${fix}.`,
      };
    case 'active': {
      if (!status.sunset) return undefined;
      const days = Math.ceil((status.sunset.getTime() - now.getTime()) / DAY_MS);
      if (days > SUNSET_WARNING_DAYS) return undefined;
      const when = status.tentative ? `around ${day(status.sunset).slice(0, 7)}` : `on ${day(status.sunset)}`;
      return {
        level: 'warn',
        message: `${label} API version ${version} reaches its sunset ${when} (in ${days} days); after it every live call is refused: ${fix}.`,
      };
    }
  }
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
