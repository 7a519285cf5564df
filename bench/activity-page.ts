// The change history page (`/activity`) of an owner with 10,000 changes among 40,000 reads, through
// `adops serve` on SQLite: the newest page, a filtered one, one that matches nothing (the query reads the
// owner's whole history through the index), a page deep in the history, and the usage page beside them as
// the baseline of a console page. Target: the newest page under 200 ms at p50.
//
//   node bench/activity-page.ts [requests=50]

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startProcess } from './servers.ts';

const ADOPS = fileURLToPath(new URL('../bin/adops.js', import.meta.url));
const requests = Number(process.argv[2] ?? 50);
const CHANGES = 10_000;
const READS_PER_CHANGE = 4;
const TARGET_MS = 200;
const EMAIL = 'bench@example.com';
const PASSWORD = 'correct horse battery staple';

const dir = mkdtempSync(join(tmpdir(), 'adops-bench-activity-'));
const databasePath = join(dir, 'adops.db');
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  ADOPS_DATABASE_URL: `sqlite:${databasePath}`,
  ADOPS_ENCRYPTION_KEY_FILE: join(dir, 'encryption-keys.txt'),
  ADOPS_LOG_LEVEL: 'warn',
};
execFileSync(process.execPath, [ADOPS, 'migrate'], { env });
const { child, url } = await startProcess([ADOPS, 'serve', '--port', '0'], {
  ...env,
  ADOPS_LOG_LEVEL: 'info',
});

/** Signs up through the form, as a browser does; the session cookie. */
async function signUp(): Promise<string> {
  const form = await fetch(`${url}/signup`);
  const visitor = form.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const answer = await fetch(`${url}/signup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitor.join('; ') },
    body: new URLSearchParams({ _csrf: token, email: EMAIL, password: PASSWORD }).toString(),
  });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('adops_session='));
  if (answer.status !== 303 || !session) throw new Error(`sign-up answered ${answer.status}`);
  return session.split(';')[0] ?? '';
}

/**
 * The owner's history, as the pipeline writes it: every fifth call a change (the four platforms' updates
 * and a LinkedIn create; one in ten refused), the others reads; one call a minute back from now.
 */
function fillHistory(userId: string): string[] {
  const db = new Database(databasePath);
  const insert = db.prepare(
    `INSERT INTO audit_log (id, created_at, request_id, user_id, api_key_id, tool, account_id, status, code,
       latency_ms, billable, replayed, dry_run, details, upstream_request_ids, idempotency_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 5, 1, 0, 0, ?, ?, ?)`,
  );
  const updates = [
    ['update_search_campaign', { status: 'PAUSED' }, { status: 'ENABLED', daily_budget: '70.00' }],
    [
      'update_network_campaign',
      { daily_budget: 80 },
      { name: 'Q4', status: 'ACTIVE', daily_budget: '50.00' },
    ],
    [
      'update_social_campaign',
      { name: 'Spring' },
      { name: 'Winter', status: 'ACTIVE', daily_budget: '20.00' },
    ],
    [
      'update_video_campaign',
      { operation_status: 'DISABLE' },
      { name: 'Always on', operation_status: 'ENABLE' },
    ],
  ] as const;
  const ids: string[] = [];
  const now = Date.now();
  db.transaction(() => {
    for (let n = 0; n < CHANGES * (READS_PER_CHANGE + 1); n++) {
      const id = `aud_${randomUUID().replaceAll('-', '')}`;
      const at = new Date(now - n * 60_000).toISOString();
      const common = [id, at, `req_${randomUUID().replaceAll('-', '')}`, userId, 'key_bench'] as const;
      if (n % (READS_PER_CHANGE + 1) !== 0) {
        insert.run(...common, 'get_usage_status', null, 200, null, null, null, null);
        continue;
      }
      ids.push(id);
      const [tool, asked, before] = updates[ids.length % updates.length] ?? updates[0];
      const refused = ids.length % 10 === 0;
      const details = {
        campaign_id: String(1000 + ids.length),
        ...asked,
        ...(refused ? {} : { before, after: { ...before, ...asked } }),
      };
      insert.run(
        ...common,
        tool,
        '1234567890',
        refused ? 403 : 200,
        refused ? 'insufficient_scope' : null,
        JSON.stringify(details),
        JSON.stringify([randomUUID()]),
        randomUUID(),
      );
    }
  })();
  db.close();
  return ids;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

try {
  const session = await signUp();
  const owner = new Database(databasePath, { readonly: true });
  const { id: userId } = owner.prepare('SELECT id FROM users WHERE email = ?').get(EMAIL) as { id: string };
  owner.close();
  const ids = fillHistory(userId);

  /** How many changes each page must list: a page that lists none would be fast for nothing. */
  const expected: Record<string, number> = {
    '/activity': 50,
    '/activity?kind=status': 50,
    '/activity?platform=video&outcome=waiting': 0,
    [`/activity?before=${ids[5_000]}`]: 50,
  };

  async function timed(path: string): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { cookie: session } });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const listed = text.match(/href="\/activity\/aud_/g)?.length ?? 0;
    if (expected[path] !== undefined && listed !== expected[path]) {
      throw new Error(`${path} lists ${listed} changes, not ${expected[path]}`);
    }
    return elapsed;
  }

  const scenarios: Array<[string, string]> = [
    ['baseline: /usage', '/usage'],
    ['newest 50 changes', '/activity'],
    ['kind=status (SQL JSON test)', '/activity?kind=status'],
    ['matches nothing: whole history read', '/activity?platform=video&outcome=waiting'],
    ['page 100 (before= cursor)', `/activity?before=${ids[5_000]}`],
  ];
  const rows: Array<Record<string, string | number>> = [];
  let baseline = 0;
  for (const [label, path] of scenarios) {
    for (let warm = 0; warm < 3; warm++) await timed(path);
    const times: number[] = [];
    for (let run = 0; run < requests; run++) times.push(await timed(path));
    const p50 = percentile(times, 0.5);
    if (path === '/usage') baseline = p50;
    rows.push({
      scenario: label,
      'p50 ms': Number(p50.toFixed(1)),
      'p95 ms': Number(percentile(times, 0.95).toFixed(1)),
      'ratio to /usage': path === '/usage' ? '' : (p50 / baseline).toFixed(2),
      [`under ${TARGET_MS} ms`]: path === '/usage' ? '' : p50 < TARGET_MS ? 'yes' : 'NO',
    });
  }
  console.table(rows);
  const newest = rows[1]?.['p50 ms'];
  console.log(
    `/activity p50 ${newest} ms over ${requests} requests with ${CHANGES} changes among ${CHANGES * (READS_PER_CHANGE + 1)} audit rows; target < ${TARGET_MS} ms`,
  );
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
