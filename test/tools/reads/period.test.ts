import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../src/errors.ts';
import { periodIssues, resolvePeriod, todayIn } from '../../../src/tools/reads/period.ts';

describe('the period of a performance report', () => {
  it('names the days of each range in the account time zone, before today where Google does', () => {
    const today = '2026-11-23';
    const period = (date_range: any) => resolvePeriod({ date_range }, today, 't');
    expect(period('TODAY')).toMatchObject({ start: today, end: today });
    expect(period('YESTERDAY')).toMatchObject({ start: '2026-11-22', end: '2026-11-22' });
    expect(period('LAST_7_DAYS')).toMatchObject({ start: '2026-11-16', end: '2026-11-22' });
    expect(period('LAST_30_DAYS')).toMatchObject({ start: '2026-10-24', end: '2026-11-22' });
    expect(period('THIS_MONTH')).toMatchObject({ start: '2026-11-01', end: today });
    expect(period('LAST_MONTH')).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(resolvePeriod({ date_range: 'LAST_MONTH' }, '2027-01-05', 't')).toMatchObject({
      start: '2026-12-01',
      end: '2026-12-31',
    });
    expect(resolvePeriod({}, today, 't')).toMatchObject({ start: '2026-11-16', end: '2026-11-22' });
    expect(resolvePeriod({ start_date: '2026-11-01', end_date: '2026-11-03' }, today, 't')).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-03',
    });
  });

  it('takes today from the account time zone', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-23');
  });

  it('names the field and the rule of every bad combination', () => {
    expect(periodIssues({ date_range: 'TODAY', start_date: '2026-11-01' })).toEqual([
      { field: 'date_range', message: 'give either date_range or start_date and end_date, not both' },
    ]);
    expect(periodIssues({ start_date: '2026-11-01' })).toEqual([
      { field: 'end_date', message: 'is required with start_date' },
    ]);
    expect(periodIssues({ start_date: '2026-11-05', end_date: '2026-11-01' })[0]).toMatchObject({
      field: 'end_date',
      message: 'must be on or after start_date (2026-11-05)',
    });
    expect(periodIssues({ start_date: '2025-01-01', end_date: '2026-01-02' })[0]?.message).toMatch(
      /367 days; at most 366/,
    );
    expect(periodIssues({ start_date: '2025-01-01', end_date: '2026-01-01' })).toEqual([]);
    const future = (() => {
      try {
        resolvePeriod({ start_date: '2026-11-20', end_date: '2026-11-24' }, '2026-11-23', 'get_x');
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(future?.code).toBe('invalid_arguments');
    expect(future?.message).toContain('end_date: 2026-11-24 is in the future');
  });
});
