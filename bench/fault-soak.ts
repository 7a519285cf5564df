// Fault soak: N `adops serve` instances on one PostgreSQL database under a steady load of billable calls,
// while a chaos loop terminates every database backend, kills instances with SIGKILL and stops them with
// SIGTERM, at random, restarting each. Clients behave as the typed client does: one Idempotency-Key per
// logical operation, retried on another instance until it gets a final answer.
//
//   node bench/fault-soak.ts [seconds=60] [instances=3] [workers=12]
//
// Prints requests, answers, operations, faults injected, and what must stay 0: duplicate campaigns,
// ACTIVE empty campaign groups, over-billed units, lost audit rows, and instances that died on their own.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProcess } from './servers.ts';

const ADOPS = fileURLToPath(new URL('../bin/adops.js', import.meta.url));
const ADMIN_URL = process.env.ADOPS_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.argv[2] ?? 60);
const instanceCount = Number(process.argv[3] ?? 3);
const workerCount = Number(process.argv[4] ?? 12);

const name = `adops_soak_${randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  ADOPS_DATABASE_URL: databaseUrl,
  ADOPS_ENCRYPTION_KEYS: `soak=${randomBytes(32).toString('base64')}`,
  ADOPS_TIER_LIMITS: 'free=15,plus=150,pro=600,max=1000000',
  ADOPS_RATE_LIMIT_PER_SECOND: '0',
  ADOPS_CALL_LEASE_SECONDS: '2',
  ADOPS_LOG_LEVEL: 'warn',
};

function cli(args: string[]): Record<string, string> {
  return JSON.parse(execFileSync(process.execPath, [ADOPS, ...args], { env }).toString());
}

interface Instance {
  child: ChildProcess;
  url: string;
  /** Set when the soak stopped it; an exit without it is a crash of the service's own. */
  stoppedBySoak: boolean;
}

async function serve(extra: Record<string, string> = {}): Promise<Instance> {
  const { child, url } = await startProcess([ADOPS, 'serve', '--port', '0'], {
    ...env,
    ADOPS_LOG_LEVEL: 'info',
    ...extra,
  });
  return { child, url, stoppedBySoak: false };
}

const counts = {
  requests: 0,
  answers: 0,
  networkErrors: 0,
  operations: 0,
  succeeded: 0,
  failed: 0,
  gaveUp: 0,
  backendTerminations: 0,
  sigkills: 0,
  sigterms: 0,
  ownCrashes: 0,
};
const answeredRequestIds: string[] = [];
/** Final failures by code: what the platform or the service answered for good. */
const failures = new Map<string, number>();

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
cli(['migrate']);
cli(['users', 'create', '--email', 'soak@example.com', '--tier', 'max']);
const userId = cli(['users', 'set-tier', '--email', 'soak@example.com', '--tier', 'max']).id;
const search = cli(['accounts', 'add', '--email', 'soak@example.com', '--platform', 'search']).account_id;
const network = cli(['accounts', 'add', '--email', 'soak@example.com', '--platform', 'network']).account_id;
const key = cli(['keys', 'create', '--email', 'soak@example.com']).key;

// The platforms: a sandbox instance of its own that the soak never stops (its database still fails).
const platform = await serve();
const instances: Array<Instance | undefined> = [];
const startInstance = async (slot: number) => {
  const instance = await serve({ ADOPS_SANDBOX_URL: platform.url });
  instance.child.once('exit', () => {
    if (!instance.stoppedBySoak) counts.ownCrashes++;
  });
  instances[slot] = instance;
};
await Promise.all(Array.from({ length: instanceCount }, (_, slot) => startInstance(slot)));

function liveInstance(): Instance | undefined {
  const live = instances.filter((i): i is Instance => i !== undefined);
  return live[Math.floor(Math.random() * live.length)];
}

async function attempt(tool: string, args: unknown, idempotencyKey: string) {
  const instance = liveInstance();
  if (!instance) return { retryAfterMs: 200 };
  counts.requests++;
  try {
    const response = await fetch(`${instance.url}/api/v1/tools/${tool}/execute`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ arguments: args }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as { code?: string; request_id?: string };
    counts.answers++;
    if (body.request_id && body.code !== 'service_unavailable') answeredRequestIds.push(body.request_id);
    // As the typed client: a replayed answer is final (asking again returns it again).
    const replayed = response.headers.get('idempotent-replayed') === 'true';
    const retryable = [409, 429, 500, 502, 503, 504].includes(response.status) && !replayed;
    if (!retryable) return { status: response.status, code: body.code };
    return { retryAfterMs: Number(response.headers.get('retry-after') ?? '0.3') * 1000 };
  } catch {
    counts.networkErrors++;
    return { retryAfterMs: 300 };
  }
}

/** One logical operation, retried with its key until it gets a final answer. */
async function operation(index: number) {
  counts.operations++;
  const idempotencyKey = randomUUID();
  const create = index % 3 === 0;
  const tool = create ? 'create_network_text_campaign' : 'discover_existing_assets';
  const args = create
    ? {
        account_id: network,
        campaign_name: `Soak ${idempotencyKey}`,
        campaign_group_name: `Soak group ${idempotencyKey}`,
        organization_id: '2414183',
        daily_budget: 25,
        landing_page_url: 'https://example.com/soak',
        locations: ['urn:li:geo:103644278'],
        headline: 'Plans from $5',
        description: 'Built for small teams.',
      }
    : { customer_id: search };
  const giveUpAt = Date.now() + 120_000;
  while (Date.now() < giveUpAt) {
    const result = await attempt(tool, args, idempotencyKey);
    if ('status' in result) {
      if (result.status === 200) counts.succeeded++;
      else {
        counts.failed++;
        const code = `${result.status} ${result.code}`;
        failures.set(code, (failures.get(code) ?? 0) + 1);
      }
      return;
    }
    await sleep(result.retryAfterMs);
  }
  counts.gaveUp++;
}

let loading = true;
const workers = Array.from({ length: workerCount }, async (_, worker) => {
  for (let n = 0; loading; n++) await operation(worker + n * workerCount);
});

const chaos = (async () => {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    await sleep(1000 + Math.random() * 2000);
    const roll = Math.random();
    if (roll < 0.4) {
      const result = await admin.query(
        'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      counts.backendTerminations += Number(result.rows[0].n);
      continue;
    }
    const slot = Math.floor(Math.random() * instanceCount);
    const instance = instances[slot];
    if (!instance) continue;
    instance.stoppedBySoak = true;
    instances[slot] = undefined;
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    if (roll < 0.75) {
      counts.sigkills++;
      instance.child.kill('SIGKILL');
    } else {
      counts.sigterms++;
      instance.child.kill('SIGTERM');
    }
    await exited;
    await startInstance(slot);
  }
  loading = false;
})();

await chaos;
await Promise.all(workers);
await sleep(3000);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const duplicates = await db.query(
  `SELECT coalesce(sum(n - 1), 0) AS n FROM (SELECT count(*) AS n FROM sandbox_objects
    WHERE platform = 'network' AND type = 'campaign' AND data::json->>'name' LIKE 'Soak %' GROUP BY data::json->>'name') c`,
);
const activeEmpty = await db.query(
  `SELECT count(*) AS n FROM sandbox_objects g WHERE g.platform = 'network' AND g.type = 'campaign_group'
     AND g.data::json->>'status' = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM sandbox_objects c
       WHERE c.platform = 'network' AND c.type = 'campaign' AND c.parent_id = g.id)`,
);
const usage = await db.query(
  'SELECT coalesce(sum(used), 0) AS used, coalesce(sum(held), 0) AS held FROM quota_usage WHERE user_id = $1',
  [userId],
);
const audited = await db.query('SELECT request_id FROM audit_log');
const auditedIds = new Set(audited.rows.map((row) => row.request_id as string));
const lostAudit = answeredRequestIds.filter((id) => !auditedIds.has(id)).length;
await db.end();

for (const instance of [...instances, platform]) {
  if (!instance) continue;
  instance.stoppedBySoak = true;
  instance.child.kill('SIGTERM');
}
await sleep(1000);
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();

const used = Number(usage.rows[0].used);
const report = {
  seconds,
  instances: instanceCount,
  workers: workerCount,
  requests: counts.requests,
  answers: counts.answers,
  'requests cut by a kill': counts.networkErrors,
  operations: counts.operations,
  'operations succeeded': counts.succeeded,
  'operations failed for good': `${counts.failed} ${JSON.stringify(Object.fromEntries(failures))}`,
  'operations given up': counts.gaveUp,
  'backends terminated': counts.backendTerminations,
  'instances killed (SIGKILL)': counts.sigkills,
  'instances stopped (SIGTERM)': counts.sigterms,
  'MUST BE 0: instances that died on their own': counts.ownCrashes,
  'MUST BE 0: duplicate campaigns': Number(duplicates.rows[0].n),
  'MUST BE 0: ACTIVE empty campaign groups': Number(activeEmpty.rows[0].n),
  'MUST BE 0: over-billed units': Math.max(0, used - counts.succeeded),
  'under-billed units': Math.max(0, counts.succeeded - used),
  'MUST BE 0: units still held': Number(usage.rows[0].held),
  'MUST BE 0: lost audit rows': lostAudit,
};
console.table(report);
process.exit(0);
