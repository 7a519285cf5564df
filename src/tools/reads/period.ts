import { z } from 'zod';
import { invalidArguments } from '../invalid-arguments.ts';
import type { FieldIssue } from '../tool.ts';

export const DATE_RANGES = [
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
  'THIS_MONTH',
  'LAST_MONTH',
] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** The longest period a report covers, as the platforms allow for daily reports. */
export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-01 (YYYY-MM-DD)')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'is not a calendar date',
  )
  .meta({ format: 'date' });

/**
 * periodIssues' rules that need no arithmetic, as the documents show them: date_range or the two dates,
 * and each date with the other. The length of the period is checked by the service alone.
 */
export const PERIOD_SCHEMA = {
  allOf: [
    {
      not: { anyOf: [{ required: ['date_range', 'start_date'] }, { required: ['date_range', 'end_date'] }] },
    },
    { anyOf: [{ not: { required: ['start_date'] } }, { required: ['end_date'] }] },
    { anyOf: [{ not: { required: ['end_date'] } }, { required: ['start_date'] }] },
  ],
};

/** The date arguments every performance tool takes: a named range, or two dates. */
export const periodArguments = {
  date_range: z
    .enum(DATE_RANGES)
    .optional()
    .describe(
      'A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.',
    ),
  start_date: isoDate.optional().describe('First day, YYYY-MM-DD, account time zone.'),
  end_date: isoDate
    .optional()
    .describe(`Last day (included), YYYY-MM-DD; at most ${MAX_PERIOD_DAYS} days after start_date.`),
};

export interface PeriodArgs {
  date_range?: DateRange | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** The rules of the date arguments that need no clock: which ones go together, and the length. */
export function periodIssues(args: PeriodArgs): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const dates = args.start_date !== undefined || args.end_date !== undefined;
  if (args.date_range && dates) {
    issues.push({
      field: 'date_range',
      message: 'give either date_range or start_date and end_date, not both',
    });
  } else if (dates && (args.start_date === undefined || args.end_date === undefined)) {
    const missing = args.start_date === undefined ? 'start_date' : 'end_date';
    issues.push({
      field: missing,
      message: `is required with ${missing === 'start_date' ? 'end_date' : 'start_date'}`,
    });
  } else if (args.start_date && args.end_date) {
    const days = (Date.parse(args.end_date) - Date.parse(args.start_date)) / DAY_MS + 1;
    if (days < 1)
      issues.push({ field: 'end_date', message: `must be on or after start_date (${args.start_date})` });
    else if (days > MAX_PERIOD_DAYS) {
      issues.push({
        field: 'end_date',
        message: `makes a period of ${days} days; at most ${MAX_PERIOD_DAYS} are reported at once`,
      });
    }
  }
  return issues;
}

/** Today's date in a time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `days` after `date` (negative: before), both `YYYY-MM-DD`. */
export function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface Period {
  start: string;
  end: string;
  /** How the answer names it: the range's name, or the two dates. */
  label: string;
}

/**
 * The days the arguments name, in the account's time zone (`today` is the account's). A period that ends
 * in the future is refused with the field and the rule.
 */
export function resolvePeriod(args: PeriodArgs, today: string, tool: string): Period {
  if (args.start_date && args.end_date) {
    if (args.end_date > today) {
      throw invalidArguments(tool, [{ field: 'end_date', message: `must not be after ${today}` }], {
        said: `end_date: ${args.end_date} is in the future; the account's today is ${today}`,
      });
    }
    return { start: args.start_date, end: args.end_date, label: `${args.start_date} to ${args.end_date}` };
  }
  const range = args.date_range ?? 'LAST_7_DAYS';
  const month = today.slice(0, 8);
  const previousMonthEnd = shift(`${month}01`, -1);
  const [start, end] = {
    TODAY: [today, today],
    YESTERDAY: [shift(today, -1), shift(today, -1)],
    LAST_7_DAYS: [shift(today, -7), shift(today, -1)],
    LAST_30_DAYS: [shift(today, -30), shift(today, -1)],
    THIS_MONTH: [`${month}01`, today],
    LAST_MONTH: [`${previousMonthEnd.slice(0, 8)}01`, previousMonthEnd],
  }[range] as [string, string];
  return { start, end, label: `${range} (${start} to ${end})` };
}
