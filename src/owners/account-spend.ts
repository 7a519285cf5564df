import { mapConcurrently } from '../assets/map-concurrently.ts';
import { AppError } from '../errors.ts';
import type { Platform } from '../platform-families.ts';
import type { PlatformServices } from '../platforms/platform-services.ts';
import type { AdAccount } from '../storage/schema.ts';
import { PERFORMANCE_READERS } from '../tools/account/get-performance-overview.ts';
import { resolvePeriod, todayIn } from '../tools/reads/period.ts';

/** Accounts read at once, as get_performance_overview does: quick, and spares the platforms' rate limits. */
const CONCURRENCY = 4;

/** How long an account's figures are reused: a dashboard reloaded often must not hammer the platforms. */
export const SPEND_CACHE_MS = 60_000;

/** One account's spend over the last eight days of its own calendar, read from its platform's report. */
export interface AccountSpend {
  account: AdAccount;
  currency: string;
  /** Today, in the account's time zone. */
  today: string;
  /** Spend per day in micros, oldest first, the last seven days then today. */
  days: Array<{ day: string; spendMicros: number }>;
  todayMicros: number;
  yesterdayMicros: number;
  /** The seven days before today: what the performance tools call LAST_7_DAYS. */
  last7Micros: number;
}

/** An account whose report could not be read, and why (an expired connection, a throttle). */
export interface UnreadAccount {
  account: AdAccount;
  code: string;
  message: string;
}

export type AccountSpendRead = AccountSpend | UnreadAccount;

function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${start}T00:00:00Z`); at <= Date.parse(`${end}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

async function readSpend(services: PlatformServices, account: AdAccount): Promise<AccountSpend> {
  const today = todayIn(account.time_zone, services.clock.now());
  // The same days the performance tools name TODAY, YESTERDAY and LAST_7_DAYS, so the figures agree.
  const week = resolvePeriod({ date_range: 'LAST_7_DAYS' }, today, 'overview');
  const read = PERFORMANCE_READERS[account.platform as Platform];
  const trace = { upstreamRequestIds: [], createdObjectIds: [] };
  const answer = await read({ services, account, trace }, { start: week.start, end: today, byDay: true });
  const byDay = new Map<string, number>();
  for (const row of answer.rows) {
    if (row.date) byDay.set(row.date, (byDay.get(row.date) ?? 0) + row.metrics.spendMicros);
  }
  const days = eachDay(week.start, today).map((day) => ({ day, spendMicros: byDay.get(day) ?? 0 }));
  const yesterday = week.end;
  return {
    account,
    currency: answer.currency,
    today,
    days,
    todayMicros: byDay.get(today) ?? 0,
    yesterdayMicros: byDay.get(yesterday) ?? 0,
    last7Micros: days.filter((d) => d.day !== today).reduce((sum, d) => sum + d.spendMicros, 0),
  };
}

/**
 * The owner's spend per account, for the console's overview: read from each platform's report (never
 * through the pipeline, so never billed), kept for SPEND_CACHE_MS per account. A failed read is not kept:
 * the next view asks again.
 */
export class AccountSpendReports {
  readonly #services: PlatformServices;
  readonly #kept = new Map<string, { at: number; spend: Promise<AccountSpend> }>();

  constructor(services: PlatformServices) {
    this.#services = services;
  }

  async read(accounts: readonly AdAccount[]): Promise<AccountSpendRead[]> {
    return mapConcurrently([...accounts], CONCURRENCY, (account) => this.#readOne(account));
  }

  async #readOne(account: AdAccount): Promise<AccountSpendRead> {
    const now = this.#services.clock.now().getTime();
    const key = `${account.id}:${todayIn(account.time_zone, new Date(now))}`;
    let kept = this.#kept.get(key);
    if (!kept || now - kept.at >= SPEND_CACHE_MS) {
      this.#forgetStale(now);
      kept = { at: now, spend: readSpend(this.#services, account) };
      this.#kept.set(key, kept);
    }
    try {
      return await kept.spend;
    } catch (error) {
      this.#kept.delete(key);
      if (error instanceof AppError) return { account, code: error.code, message: error.message };
      throw error;
    }
  }

  #forgetStale(now: number): void {
    for (const [key, kept] of this.#kept) if (now - kept.at >= SPEND_CACHE_MS) this.#kept.delete(key);
  }
}
