import { invalid } from './envelope.ts';

// Checks of single values, refusing with the messages of TikTok's request validator.

export function jsonParameter(field: string, raw: unknown): unknown {
  if (typeof raw !== 'string') throw invalid(field, 'Not a valid JSON.');
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(field, 'Not a valid JSON.');
  }
}

export function text(field: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(field, 'Not a valid string.');
  return value;
}

export function flag(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalid(field, 'Not a valid boolean.');
  return value;
}

export function amount(field: string, value: unknown): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) throw invalid(field, 'Not a valid number.');
  return parsed;
}

export function oneOf<Value extends string>(field: string, value: unknown, values: readonly Value[]): Value {
  if (typeof value !== 'string' || !values.includes(value as Value))
    throw invalid(field, `Must be one of: ${values.join(', ')}.`);
  return value as Value;
}

export function textList(
  field: string,
  value: unknown,
  length: { min: number; max: number },
  values?: readonly string[],
): string[] {
  if (!Array.isArray(value)) throw invalid(field, 'Not a valid list.');
  value.forEach((item, index) => {
    if (values) oneOf(`${field}.${index}`, item, values);
    else text(`${field}.${index}`, item);
  });
  if (value.length < length.min || value.length > length.max)
    throw invalid(field, `Length must be between ${length.min} and ${length.max}.`);
  return value as string[];
}

/** An integer parameter, from the query string or a body; `max` when TikTok caps it. */
export function integer(field: string, value: unknown, range: { min: number; max?: number }): number {
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed)) throw invalid(field, 'Not a valid integer.');
  if (parsed < range.min || (range.max !== undefined && parsed > range.max)) {
    const upper = range.max === undefined ? '' : ` and less than or equal to ${range.max}`;
    throw invalid(field, `Must be greater than or equal to ${range.min}${upper}.`);
  }
  return parsed;
}

/** TikTok's `YYYY-MM-DD HH:MM:SS` (UTC) time, as a Date. */
export function utcTime(field: string, value: unknown): Date {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(text(field, value));
  const time = match ? new Date(`${match[1]}T${match[2]}Z`) : undefined;
  if (!time || Number.isNaN(time.getTime()))
    throw invalid(field, 'Not a valid datetime (YYYY-MM-DD HH:MM:SS).');
  return time;
}

/** The same format for answers. */
export function formatUtcTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

/** A boolean in a query string, as TikTok takes it: `true` or `false`. */
export function queryFlag(field: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(field, 'Not a valid boolean.');
}

/** TikTok's `YYYY-MM-DD` date, a real calendar day. */
export function isoDate(field: string, value: unknown): string {
  const date = text(field, value);
  const parsed = /^\d{4}-\d\d-\d\d$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(date))
    throw invalid(field, 'Not a valid date (YYYY-MM-DD).');
  return date;
}
