/**
 * Marketing API versions as Meta's changelog lists them (developers.facebook.com/docs/marketing-api/
 * marketing-api-changelog/versions): released on a date, served as themselves until they expire
 * (`null`: no date announced yet).
 */
const MARKETING_VERSIONS: ReadonlyArray<{ version: string; released: string; expires: string | null }> = [
  { version: 'v17.0', released: '2023-05-23', expires: '2024-05-14' },
  { version: 'v18.0', released: '2023-09-12', expires: '2024-08-13' },
  { version: 'v19.0', released: '2024-01-23', expires: '2025-02-04' },
  { version: 'v20.0', released: '2024-05-21', expires: '2025-05-06' },
  { version: 'v21.0', released: '2024-10-02', expires: '2025-09-09' },
  { version: 'v22.0', released: '2025-01-21', expires: '2026-02-19' },
  { version: 'v23.0', released: '2025-05-29', expires: '2026-06-09' },
  { version: 'v24.0', released: '2025-10-08', expires: '2026-11-10' },
  { version: 'v25.0', released: '2026-02-18', expires: '2027-02-23' },
  { version: 'v26.0', released: '2026-07-29', expires: null },
  { version: 'v27.0', released: '2026-11-04', expires: null },
];

/**
 * Versions that had expired before Meta began upgrading calls to expired versions (May 14, 2024, when
 * v17.0 expired): they answer (#2635).
 */
const RETIRED = new Set([
  'v1.0',
  ...Array.from({ length: 13 }, (_, minor) => `v2.${minor}`),
  ...['v3.0', 'v3.1', 'v3.2', 'v3.3'],
  ...Array.from({ length: 13 }, (_, major) => `v${major + 4}.0`),
]);

export type VersionVerdict =
  /** Served; `upgradedTo` when Meta serves the call as a later version and says so in a header. */
  | { ok: true; upgradedTo?: string }
  /** No such version: Graph reads the path from the version on as unknown components (code 2500). */
  | { ok: false; reason: 'unknown' }
  /** An Ads API version that expired before auto-upgrade: (#2635), naming the latest version. */
  | { ok: false; reason: 'retired'; latest: string };

function released(now: Date) {
  return MARKETING_VERSIONS.filter((v) => Date.parse(v.released) <= now.getTime());
}

function live(now: Date) {
  return released(now).filter((v) => v.expires === null || Date.parse(v.expires) > now.getTime());
}

/**
 * How Meta answers a version in the path of a Marketing API call at `now`: a released version is served;
 * after it expires, the call is auto-upgraded to the oldest version still served (Meta's default since
 * May 2024, for endpoints the newer version did not change: the ones the sandbox serves are such), with
 * the `x-ad-api-version-warning` header; versions retired before that answer (#2635); anything else,
 * a version not released yet included, is an unknown path (code 2500).
 */
export function marketingVersion(version: string, now: Date): VersionVerdict {
  const latest = live(now).at(-1)?.version ?? 'v27.0';
  if (RETIRED.has(version)) return { ok: false, reason: 'retired', latest };
  const known = released(now).find((v) => v.version === version);
  if (!known) return { ok: false, reason: 'unknown' };
  if (known.expires === null || Date.parse(known.expires) > now.getTime()) return { ok: true };
  return { ok: true, upgradedTo: live(now)[0]?.version ?? latest };
}

/**
 * The Graph API proper (Facebook Login's token endpoint): a version is served for about two years, and
 * a call to an expired one is served as the oldest version still available, without a word; only a
 * version that does not exist is an unknown path.
 */
export function graphVersion(version: string, now: Date): VersionVerdict {
  if (RETIRED.has(version) || released(now).some((v) => v.version === version)) return { ok: true };
  return { ok: false, reason: 'unknown' };
}

/** The header of an auto-upgraded call, in Meta's words. */
export function upgradeWarning(asked: string, upgradedTo: string): string {
  return `The call has been auto-upgraded to ${upgradedTo} as ${asked} will be deprecated.`;
}
