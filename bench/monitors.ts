// Monitors checked in one interval through `adops serve` (SQLite, sandbox platforms, the in-process job
// engine): first 32 monitors on 4 accounts (each account: the four windows, absolute and relative), the
// baseline, then 1,000 on the same accounts (250 each, the same windows and trailing days). For each
// interval: the time from the due minute until every monitor's check is recorded, and the requests made
// to each platform (a report may take several, e.g. LinkedIn's analytics and its campaigns). Target: the
// 1,000 checked within the interval (one minute), with no more requests than for 32 (each account's
// report of each period read once per interval, not once per monitor).
//
//   node bench/monitors.ts
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startProcess } from './servers.ts';

const ADOPS = fileURLToPath(new URL('../bin/adops.js', import.meta.url));
const PLATFORMS = ['search', 'network', 'social', 'video'] as const;
const WINDOWS = ['today', 'yesterday', 'last_3_days', 'last_7_days'] as const;
const MANY = 1000;
const EMAIL = 'bench@example.com';

const dir = mkdtempSync(join(tmpdir(), 'adops-bench-monitors-'));
const databasePath = join(dir, 'adops.db');
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  ADOPS_DATABASE_URL: `sqlite:${databasePath}`,
  ADOPS_ENCRYPTION_KEY_FILE: join(dir, 'encryption-keys.txt'),
  ADOPS_LOG_LEVEL: 'warn',
};
const cli = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, [ADOPS, ...args], { env }).toString()) as Record<string, string>;

cli(['migrate']);
const userId = cli(['users', 'create', '--email', EMAIL, '--tier', 'max']).id ?? '';
const accounts = PLATFORMS.map((platform) => ({
  platform,
  accountId: cli(['accounts', 'add', '--email', EMAIL, '--platform', platform]).account_id ?? '',
}));

const db = new Database(databasePath);
db.pragma('busy_timeout = 5000');
const insert = db.prepare(
  'INSERT INTO monitors (id, user_id, platform, account_id, name, rule, check_every_minutes, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, 1, ?, ?)',
);

/** The n-th monitor of an account: the windows and relative or absolute conditions in turn. */
function addMonitor(platform: string, accountId: string, n: number): void {
  const window = WINDOWS[n % WINDOWS.length];
  const relative = Math.floor(n / WINDOWS.length) % 2 === 1;
  const condition = relative
    ? { metric: 'spend', operator: '>', relative_to: { trailing_days: 7, factor: 3 + (n % 5) } }
    : { metric: 'cpc', operator: '>', threshold: 50 + n };
  const rule = {
    name: `Bench ${n}`,
    campaign_ids: null,
    conditions: [condition],
    match: 'all',
    window,
    consecutive_checks: 1,
    check_every_minutes: 1,
    action: 'notify',
    action_value: null,
  };
  const at = new Date(Date.now() - 3_600_000).toISOString();
  insert.run(
    `mon_${randomUUID().replaceAll('-', '')}`,
    userId,
    platform,
    accountId,
    rule.name,
    JSON.stringify(rule),
    at,
    at,
  );
}

function addMonitors(total: number): void {
  const count = (
    db.prepare('SELECT count(*) AS n FROM monitors WHERE user_id = ?').get(userId) as { n: number }
  ).n;
  for (let n = count; n < total; n++) {
    const account = accounts[n % accounts.length];
    if (account) addMonitor(account.platform, account.accountId, Math.floor(n / accounts.length));
  }
}

const { child, url } = await startProcess([ADOPS, 'serve', '--port', '0'], {
  ...env,
  ADOPS_LOG_LEVEL: 'info',
});

// `adops serve` makes the demo owner with a monitor of its own: its checks would add to the figures.
db.prepare('DELETE FROM monitors WHERE user_id <> ?').run(userId);

/** Requests made to each platform's sandbox so far, from the service's own metrics. */
async function upstreamRequests(): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^adops_upstream_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    const platform = /platform="([^"]+)"/.exec(match[1] ?? '')?.[1] ?? '?';
    counts[platform] = (counts[platform] ?? 0) + Number(match[2]);
  }
  return counts;
}

function nextMinute(): Date {
  return new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000);
}

/** Waits for the next due minute to be checked for every monitor: the time it took and the requests made. */
async function interval(monitors: number) {
  let slot = nextMinute();
  // Monitors added this close to a minute may miss its tick: take the one after.
  if (slot.getTime() - Date.now() < 5_000) slot = new Date(slot.getTime() + 60_000);
  while (Date.now() < slot.getTime() - 2_000) await sleep(250);
  const before = await upstreamRequests();
  // The bench owner's monitors only: `adops serve` also makes the demo owner, with a monitor of its own.
  const count = db.prepare(
    'SELECT count(*) AS n FROM monitor_checks WHERE slot_at = ? AND monitor_id IN (SELECT id FROM monitors WHERE user_id = ?)',
  );
  let checked = 0;
  let elapsed = 0;
  while (checked < monitors) {
    await sleep(100);
    checked = (count.get(slot.toISOString(), userId) as { n: number }).n;
    elapsed = Date.now() - slot.getTime();
    if (elapsed > 120_000) {
      const missing = db
        .prepare(
          'SELECT id, platform, rule FROM monitors WHERE id NOT IN (SELECT monitor_id FROM monitor_checks WHERE slot_at = ?)',
        )
        .all(slot.toISOString());
      throw new Error(
        `only ${checked} of ${monitors} monitors checked in 2 minutes; not: ${JSON.stringify(missing)}`,
      );
    }
  }
  const after = await upstreamRequests();
  const requests = Object.fromEntries(PLATFORMS.map((p) => [p, (after[p] ?? 0) - (before[p] ?? 0)]));
  const failed = (
    db
      .prepare("SELECT count(*) AS n FROM monitor_checks WHERE slot_at = ? AND outcome <> 'checked'")
      .get(slot.toISOString()) as { n: number }
  ).n;
  return { monitors, elapsed, requests, failed };
}

try {
  addMonitors(accounts.length * WINDOWS.length * 2);
  const baseline = await interval(accounts.length * WINDOWS.length * 2);
  addMonitors(MANY);
  const many = await interval(MANY);
  const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const line = (label: string, r: typeof baseline) =>
    `${label.padEnd(16)} ${String(r.monitors).padStart(5)} monitors  all checked ${String(r.elapsed).padStart(6)} ms after the due minute  ` +
    `reports read: ${PLATFORMS.map((p) => `${p} ${r.requests[p]}`).join(', ')} (${total(r.requests)})  failed checks: ${r.failed}`;
  console.log(line('baseline', baseline));
  console.log(line('1,000 monitors', many));
  console.log(
    `ratio 1,000 / baseline: time ${(many.elapsed / baseline.elapsed).toFixed(2)}, platform requests ${(total(many.requests) / Math.max(1, total(baseline.requests))).toFixed(2)} ` +
      `(target: every check within the minute: ${many.elapsed < 60_000 ? 'met' : 'MISSED'}; no more platform requests than the baseline's, which reads each account's 8 periods once: ${total(many.requests) <= total(baseline.requests) ? 'met' : 'MISSED'})`,
  );
} finally {
  db.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
