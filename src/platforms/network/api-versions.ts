/**
 * LinkedIn's rule for the Marketing API versions (`LinkedIn-Version: YYYYMM`, or `YYYYMM.RR` for a
 * revision): a version is released monthly, is served from its month on, and is supported for at
 * least one year, until a sunset LinkedIn publishes on its migrations page (mid-month, a year after
 * the release). After the sunset, and before the release, LinkedIn answers HTTP 426
 * `NONEXISTENT_VERSION`. One place for the rule: the sandbox refuses by it, and `adops serve` warns by it.
 */

/** A start warns when the configured version is this close to its sunset. */
export const SUNSET_WARNING_DAYS = 60;

const DAY_MS = 86_400_000;

/** Sunsets LinkedIn published on its migrations page; other versions follow the documented year. */
const PUBLISHED_SUNSETS: Record<string, string> = {
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
const NOT_RELEASED = new Set(['202412', '202512']);

export type VersionStatus =
  | { state: 'active'; sunset: Date }
  | { state: 'sunset'; sunset: Date }
  | { state: 'not_released' }
  | { state: 'malformed' };

/** The month of a version header (`202607` of `202607` or `202607.01`), or undefined when malformed. */
export function versionMonth(version: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\.\d{2})?$/.exec(version.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${match[1]}${match[2]}` : undefined;
}

/** When LinkedIn stops serving a version: its published sunset, else the 15th of its month a year on. */
export function versionSunset(month: string): Date {
  const published = PUBLISHED_SUNSETS[month];
  if (published) return new Date(`${published}T00:00:00Z`);
  const year = Number(month.slice(0, 4)) + 1;
  return new Date(Date.UTC(year, Number(month.slice(4, 6)) - 1, 15));
}

/** Whether LinkedIn serves `version` at `now`. */
export function versionStatus(version: string, now: Date): VersionStatus {
  const month = versionMonth(version);
  if (!month) return { state: 'malformed' };
  const released = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4, 6)) - 1, 1));
  if (NOT_RELEASED.has(month) || now < released) return { state: 'not_released' };
  const sunset = versionSunset(month);
  return now < sunset ? { state: 'active', sunset } : { state: 'sunset', sunset };
}

export interface VersionNotice {
  level: 'warn' | 'error';
  message: string;
}

/**
 * What a start says about the configured version: an error once LinkedIn no longer serves it (every
 * live call would be refused with 426), a warning within SUNSET_WARNING_DAYS of its sunset.
 */
export function versionNotice(version: string, now: Date): VersionNotice | undefined {
  const status = versionStatus(version, now);
  const fix = 'set ADOPS_NETWORK_API_VERSION to a current LinkedIn Marketing API version (YYYYMM)';
  if (status.state === 'malformed')
    return { level: 'error', message: `LinkedIn-Version "${version}" is not YYYYMM: ${fix}.` };
  if (status.state === 'not_released') {
    return {
      level: 'error',
      message: `LinkedIn serves no Marketing API version ${version} (not released): LinkedIn answers every call with 426; ${fix}.`,
    };
  }
  const day = status.sunset.toISOString().slice(0, 10);
  if (status.state === 'sunset') {
    return {
      level: 'error',
      message: `LinkedIn-Version ${version} reached its sunset on ${day}: LinkedIn answers every call with 426; ${fix}.`,
    };
  }
  const days = Math.ceil((status.sunset.getTime() - now.getTime()) / DAY_MS);
  if (days > SUNSET_WARNING_DAYS) return undefined;
  return {
    level: 'warn',
    message: `LinkedIn-Version ${version} reaches its sunset on ${day} (in ${days} days); after it LinkedIn answers every call with 426: ${fix}.`,
  };
}
