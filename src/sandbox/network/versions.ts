/**
 * The versions the LinkedIn sandbox serves, by LinkedIn's versioning page (learn.microsoft.com/linkedin/
 * marketing/versioning): `YYYYMM` (or `YYYYMM.RR`), released monthly and served from its month for a year,
 * until the sunset published on the migrations page (the 15th of the month a year on when none is).
 * The sandbox's own statement of the rule, apart from the service's calendar, so it checks that one.
 */
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

/** LinkedIn released no version in December 2024 nor December 2025. */
const SKIPPED_MONTHS = ['202412', '202512'];

/** Whether LinkedIn serves the version at `now`. */
export function servesVersion(version: string, now: Date): boolean {
  const match = /^(\d{4})(0[1-9]|1[0-2])(\.\d{2})?$/.exec(version.trim());
  if (!match) return false;
  const [, year, month] = match;
  const key = `${year}${month}`;
  if (SKIPPED_MONTHS.includes(key)) return false;
  if (now.getTime() < Date.UTC(Number(year), Number(month) - 1, 1)) return false;
  const sunset = PUBLISHED_SUNSETS[key] ?? `${Number(year) + 1}-${month}-15`;
  return now.getTime() < Date.parse(`${sunset}T00:00:00Z`);
}

/** How LinkedIn names a version in its 426 answer: the first day of its month (`20250201`). */
export function versionInWords(version: string): string {
  const match = /^(\d{6})(?:\.(\d{2}))?$/.exec(version.trim());
  return match?.[1] ? `${match[1]}${match[2] ?? '01'}` : version;
}
