import type { Condition } from './gaql.ts';

/**
 * GAQL's dates (https://developers.google.com/google-ads/api/docs/query/date-ranges): literals in ISO 8601
 * extended (`2026-11-01`) or basic (`20261101`) form, and the predefined ranges of DURING, every one
 * evaluated in the customer's time zone. `today` below is that day, `YYYY-MM-DD`.
 */

export const DATE_RANGES = [
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_BUSINESS_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'THIS_WEEK_SUN_TODAY',
  'THIS_WEEK_MON_TODAY',
  'LAST_WEEK_SUN_SAT',
  'LAST_WEEK_MON_SUN',
] as const;
export type DateRangeName = (typeof DATE_RANGES)[number];

const DAY_MS = 86_400_000;

/** A date literal as `YYYY-MM-DD`, or undefined when it is no calendar date in either ISO 8601 form. */
export function dateLiteral(text: string): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!match || (text.length !== 8 && text.length !== 10)) return undefined;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(iso) ? iso : undefined;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day of the month `months` earlier (or the month's last day when it has none). */
export function monthsBefore(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** The first and last day a predefined range names. */
export function dateRange(name: DateRangeName, today: string): { start: string; end: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  switch (name) {
    case 'TODAY':
      return { start: today, end: today };
    case 'YESTERDAY':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'LAST_7_DAYS':
      return { start: addDays(today, -7), end: addDays(today, -1) };
    case 'LAST_14_DAYS':
      return { start: addDays(today, -14), end: addDays(today, -1) };
    case 'LAST_30_DAYS':
      return { start: addDays(today, -30), end: addDays(today, -1) };
    case 'LAST_BUSINESS_WEEK':
      return { start: addDays(today, -sinceMonday - 7), end: addDays(today, -sinceMonday - 3) };
    case 'THIS_MONTH':
      return { start: monthStart, end: lastDayOfMonth(today) };
    case 'LAST_MONTH':
      return { start: `${lastMonthEnd.slice(0, 8)}01`, end: lastMonthEnd };
    case 'THIS_WEEK_SUN_TODAY':
      return { start: addDays(today, -weekday), end: today };
    case 'THIS_WEEK_MON_TODAY':
      return { start: addDays(today, -sinceMonday), end: today };
    case 'LAST_WEEK_SUN_SAT':
      return { start: addDays(today, -weekday - 7), end: addDays(today, -weekday - 1) };
    case 'LAST_WEEK_MON_SUN':
      return { start: addDays(today, -sinceMonday - 7), end: addDays(today, -sinceMonday - 1) };
  }
}

function lastDayOfMonth(date: string): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The days the `segments.date` conditions of a query allow: the bounds they set (undefined on a side no
 * condition closes) and a test for each day, every condition ANDed. The conditions are checked already.
 */
export interface DaySelection {
  start: string | undefined;
  end: string | undefined;
  includes(date: string): boolean;
}

export function daySelection(conditions: Condition[], today: string): DaySelection {
  let start: string | undefined;
  let end: string | undefined;
  const tests: Array<(date: string) => boolean> = [];
  const from = (date: string) => {
    start = start === undefined || date > start ? date : start;
  };
  const until = (date: string) => {
    end = end === undefined || date < end ? date : end;
  };
  for (const { operator, values } of conditions) {
    const dates = values.map((value) => dateLiteral(value.value) ?? value.value);
    const [first = '', second = ''] = dates;
    switch (operator) {
      case '=':
        from(first);
        until(first);
        break;
      case 'IN': {
        const sorted = [...dates].sort();
        from(sorted[0] ?? '');
        until(sorted.at(-1) ?? '');
        const set = new Set(dates);
        tests.push((date) => set.has(date));
        break;
      }
      case 'NOT IN':
      case '!=': {
        const set = new Set(dates);
        tests.push((date) => !set.has(date));
        break;
      }
      case '>':
        from(addDays(first, 1));
        break;
      case '>=':
        from(first);
        break;
      case '<':
        until(addDays(first, -1));
        break;
      case '<=':
        until(first);
        break;
      case 'BETWEEN':
        from(first);
        until(second);
        break;
      case 'DURING': {
        const range = dateRange(first as DateRangeName, today);
        from(range.start);
        until(range.end);
        break;
      }
    }
  }
  return {
    start,
    end,
    includes: (date) =>
      (start === undefined || date >= start) &&
      (end === undefined || date <= end) &&
      tests.every((t) => t(date)),
  };
}
