/** Meta's `date_preset` values (AdsInsights.DatePreset of facebook-nodejs-business-sdk 24.0.1). */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_month',
  'last_month',
  'this_quarter',
  'maximum',
  'data_maximum',
  'last_3d',
  'last_7d',
  'last_14d',
  'last_28d',
  'last_30d',
  'last_90d',
  'last_week_mon_sun',
  'last_week_sun_sat',
  'last_quarter',
  'last_year',
  'this_week_mon_today',
  'this_week_sun_today',
  'this_year',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const DAY_MS = 86_400_000;

export function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month `months` after the month of `date` (negative: before). */
function monthStart(date: string, months = 0): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function quarterStart(date: string, quarters = 0): string {
  const month = Number(date.slice(5, 7)) - 1;
  return monthStart(
    `${date.slice(0, 4)}-${String(month - (month % 3) + 1).padStart(2, '0')}-01`,
    quarters * 3,
  );
}

/** How far back Meta keeps insights: 37 months ("maximum"). */
export const MAXIMUM_MONTHS = 37;

/**
 * The days a preset names, as Meta reads it in the ad account's time zone: `last_Nd` are the N days
 * before today, the `this_*` periods end today, the `last_*` periods are the complete ones before.
 */
export function presetRange(preset: DatePreset, today: string): { since: string; until: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  switch (preset) {
    case 'today':
      return { since: today, until: today };
    case 'yesterday':
      return { since: shiftDays(today, -1), until: shiftDays(today, -1) };
    case 'this_month':
      return { since: monthStart(today), until: today };
    case 'last_month':
      return { since: monthStart(today, -1), until: shiftDays(monthStart(today), -1) };
    case 'this_quarter':
      return { since: quarterStart(today), until: today };
    case 'last_quarter':
      return { since: quarterStart(today, -1), until: shiftDays(quarterStart(today), -1) };
    case 'this_year':
      return { since: `${today.slice(0, 4)}-01-01`, until: today };
    case 'last_year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { since: `${year}-01-01`, until: `${year}-12-31` };
    }
    case 'maximum':
    case 'data_maximum':
      return { since: monthStart(today, -MAXIMUM_MONTHS), until: today };
    case 'this_week_mon_today':
      return { since: shiftDays(today, -sinceMonday), until: today };
    case 'this_week_sun_today':
      return { since: shiftDays(today, -weekday), until: today };
    case 'last_week_mon_sun':
      return { since: shiftDays(today, -sinceMonday - 7), until: shiftDays(today, -sinceMonday - 1) };
    case 'last_week_sun_sat':
      return { since: shiftDays(today, -weekday - 7), until: shiftDays(today, -weekday - 1) };
    default: {
      const days = Number(/^last_(\d+)d$/.exec(preset)?.[1]);
      return { since: shiftDays(today, -days), until: shiftDays(today, -1) };
    }
  }
}

/** Whether `since` is further back than Meta keeps insights (error 3018). */
export function beyondMaximum(since: string, today: string): boolean {
  return since < monthStart(today, -MAXIMUM_MONTHS);
}
