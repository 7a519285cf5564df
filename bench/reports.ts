// Reading performance on the sandboxes: a 30-day daily report for 50 campaigns on each platform, and the
// overview over the four accounts, each timed through `adops serve` (SQLite, sandbox platforms) against
// a trivial call through the same pipeline in the same run (get_usage_status), with the service's peak
// memory. Target: each report under 300 ms. Last, the console's overview page (`/`, issue 22) for the
// same owner, with its reports cached from the first view: target under 300 ms (p50).
//
//   node bench/reports.ts [runs=7]
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startProcess } from './servers.ts';

const ADOPS = fileURLToPath(new URL('../bin/adops.js', import.meta.url));
const runs = Number(process.argv[2] ?? 7);
const CAMPAIGNS = 50;
const TARGET_MS = 300;

const dir = mkdtempSync(join(tmpdir(), 'adops-bench-reports-'));
const databasePath = join(dir, 'adops.db');
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  ADOPS_DATABASE_URL: `sqlite:${databasePath}`,
  ADOPS_ENCRYPTION_KEY_FILE: join(dir, 'encryption-keys.txt'),
  ADOPS_RATE_LIMIT_PER_SECOND: '0',
  ADOPS_TIER_LIMITS: 'free=15,plus=150,pro=600,max=100000',
  ADOPS_LOG_LEVEL: 'warn',
};
const cli = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, [ADOPS, ...args], { env }).toString()) as Record<string, string>;

cli(['migrate']);
cli(['users', 'create', '--email', 'bench@example.com', '--tier', 'max']);
const accounts: Record<string, string> = {};
for (const platform of ['search', 'network', 'social', 'video']) {
  accounts[platform] =
    cli(['accounts', 'add', '--email', 'bench@example.com', '--platform', platform]).account_id ?? '';
}
const key = cli(['keys', 'create', '--email', 'bench@example.com']).key ?? '';
const PASSWORD = 'bench-password-1234';
execFileSync(process.execPath, [ADOPS, 'users', 'set-password', '--email', 'bench@example.com'], {
  env,
  input: `${PASSWORD}\n`,
});

// Each account grows to 50 campaigns: copies of a seeded campaign that ran, with its activity history.
const db = new Database(databasePath);
for (const [platform, accountId] of Object.entries(accounts)) {
  const campaigns = db
    .prepare("SELECT * FROM sandbox_objects WHERE platform = ? AND type = 'campaign' AND account_id = ?")
    .all(platform, accountId) as Array<Record<string, string>>;
  const model = campaigns.find(
    (campaign) =>
      (
        db
          .prepare(
            'SELECT count(*) AS n FROM sandbox_activity WHERE platform = ? AND object_id = ? AND active = 1',
          )
          .get(platform, campaign.id) as { n: number }
      ).n > 0,
  );
  if (!model) throw new Error(`no seeded ${platform} campaign ran`);
  const history = db
    .prepare('SELECT * FROM sandbox_activity WHERE platform = ? AND object_id = ?')
    .all(platform, model.id) as Array<Record<string, unknown>>;
  // The copies alone make 50, whatever the seed holds (a removed seeded campaign is not reported).
  const stamp = String(Date.now()).slice(-8);
  for (let n = 0; n < CAMPAIGNS; n++) {
    const id = `9${stamp}${String(n).padStart(3, '0')}${randomInt(10)}`;
    const data = JSON.parse(model.data ?? '{}');
    if (typeof data.name === 'string') data.name = `${data.name} #${n}`;
    if (typeof data.campaign_name === 'string') data.campaign_name = `${data.campaign_name} #${n}`;
    db.prepare('INSERT INTO sandbox_objects VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      platform,
      'campaign',
      id,
      accountId,
      model.parent_id,
      JSON.stringify(data),
      model.created_at,
      model.updated_at,
    );
    for (const entry of history) {
      db.prepare('INSERT INTO sandbox_activity VALUES (?, ?, ?, ?, ?)').run(
        platform,
        id,
        entry.from_date,
        entry.active,
        entry.daily_budget_micros,
      );
    }
  }
}
db.close();

const { child, url } = await startProcess([ADOPS, 'serve', '--port', '0'], {
  ...env,
  ADOPS_LOG_LEVEL: 'info',
});

const reported = new Map<string, number>();

async function timed(tool: string, args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/tools/${tool}/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ arguments: args }),
  });
  const body = (await response.json()) as {
    success: boolean;
    error?: string;
    data?: { structured?: { campaigns?: unknown[]; accounts?: unknown[] } };
  };
  const elapsed = performance.now() - started;
  if (!body.success) throw new Error(`${tool}: ${body.error}`);
  const { campaigns, accounts } = body.data?.structured ?? {};
  if (Array.isArray(campaigns) && campaigns.length < CAMPAIGNS) {
    throw new Error(`${tool} reported ${campaigns.length} campaigns, fewer than ${CAMPAIGNS}`);
  }
  reported.set(tool, (campaigns ?? accounts ?? []).length);
  return elapsed;
}

/** Signs the owner in to the console as a browser would: the form's token, then its session cookie. */
async function signIn(): Promise<string> {
  const form = await fetch(`${url}/login`);
  const visitor = form.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const answer = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitor },
    body: new URLSearchParams({ _csrf: token, email: 'bench@example.com', password: PASSWORD }).toString(),
  });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('adops_session='));
  if (!session) throw new Error(`signing in answered ${answer.status}`);
  return session.split(';')[0] ?? '';
}

async function timedPage(path: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const cards = text.match(/<dt>Last 7 days<\/dt>/g)?.length ?? 0;
  if (path === '/' && cards !== 4) throw new Error(`the overview shows ${cards} accounts' spend, not 4`);
  reported.set(path, cards);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const scenarios: Array<[string, string, Record<string, unknown>]> = [
  ['baseline: get_usage_status', 'get_usage_status', {}],
  ...(['search', 'network', 'social', 'video'] as const).map(
    (platform) =>
      [
        `${platform}: 30 days by day`,
        `get_${platform}_campaign_performance`,
        { date_range: 'LAST_30_DAYS', breakdown: 'day' },
      ] as [string, string, Record<string, unknown>],
  ),
  ['overview: four accounts, 30 days', 'get_performance_overview', { date_range: 'LAST_30_DAYS' }],
];

const rows: Array<Record<string, string | number>> = [];
let baseline = 0;
try {
  for (const [label, tool, args] of scenarios) {
    await timed(tool, args); // the first call also pays for loading code
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await timed(tool, args));
    const p50 = median(times);
    if (tool === 'get_usage_status') baseline = p50;
    rows.push({
      scenario: label,
      rows: reported.get(tool) ?? '',
      'p50 ms': Math.round(p50),
      'max ms': Math.round(Math.max(...times)),
      'ratio to baseline': (p50 / baseline).toFixed(1),
      [`under ${TARGET_MS} ms`]: tool === 'get_usage_status' ? '' : p50 < TARGET_MS ? 'yes' : 'NO',
    });
  }
  const cookie = await signIn();
  await timedPage('/', cookie); // the first view reads the four reports; the next ones find them cached
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timedPage('/', cookie));
  const p50 = median(times);
  rows.push({
    scenario: 'console overview page, warm',
    rows: reported.get('/') ?? '',
    'p50 ms': Math.round(p50),
    'max ms': Math.round(Math.max(...times)),
    'ratio to baseline': (p50 / baseline).toFixed(1),
    [`under ${TARGET_MS} ms`]: p50 < TARGET_MS ? 'yes' : 'NO',
  });
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  console.table(rows);
  console.log(
    `service peak memory (VmHWM): ${peak ? Math.round(Number(peak) / 1024) : '?'} MB over ${runs + 1} runs of each`,
  );
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
