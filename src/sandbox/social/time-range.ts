/** A `YYYY-MM-DD` that is a calendar date. */
export function isCalendarDate(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/**
 * `time_range={"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}`, both days included, in the ad account's time
 * zone; an error message in Meta's words when it is not one.
 */
export function parseTimeRange(text: string): { since: string; until: string } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      error: 'Param time_range must be a JSON object like {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}',
    };
  }
  const { since, until } = parsed as { since?: unknown; until?: unknown };
  if (!isCalendarDate(since) || !isCalendarDate(until)) {
    return { error: 'Param time_range must have since and until, each a date like 2026-11-01' };
  }
  if (until < since) return { error: 'Param time_range: until must not be before since' };
  return { since, until };
}
