import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { terminateBackends } from '../support/postgres-faults.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

interface Answer {
  tool: string;
  status: number;
  body: Record<string, any>;
}

/** Polls until `read` returns what `done` accepts, or gives the last value after `ms`. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await sleep(200);
  }
}

// Two `adops serve` processes on one PostgreSQL database while every backend serving it is terminated,
// again and again, under load: what a failover or a pooler restart does in production.
describe.skipIf(!TEST_DIALECTS.includes('postgres'))(
  'services that lose their PostgreSQL connections under load',
  { timeout: 120_000 },
  () => {
    let database: TestDatabase;
    let servers: ServeProcess[] = [];
    let key: string;
    let userId: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_TIER_LIMITS: 'free=100000,plus=150,pro=600,max=3000',
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
        ADOPS_CALL_LEASE_SECONDS: '2',
      };
      userId = (await adops(['users', 'create', '--email', 'loss@example.com'], env)).json.id;
      expect(
        (await adops(['accounts', 'add', '--email', 'loss@example.com', '--platform', 'search'], env)).code,
      ).toBe(0);
      key = (await adops(['keys', 'create', '--email', 'loss@example.com'], env)).json.key;
      servers = await Promise.all([adopsServe([], env), adopsServe([], env)]);
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    });

    const call = async (url: string, tool: string, idempotencyKey?: string): Promise<Answer> => {
      const response = await fetch(`${url}/api/v1/tools/${tool}/execute`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
        },
        body: '{"arguments":{}}',
      });
      const text = await response.text();
      let body: Record<string, any>;
      try {
        body = JSON.parse(text);
      } catch {
        body = { unparsed: text };
      }
      return { tool, status: response.status, body };
    };

    it('stays up, answers every call with an envelope, and loses or counts twice no unit or audit row', async () => {
      const answers: Answer[] = [];
      let loading = true;
      const worker = async (index: number) => {
        for (let n = 0; loading; n++) {
          const url = servers[(index + n) % servers.length]?.url ?? '';
          const billable = n % 3 !== 2;
          const tool = billable ? 'discover_existing_assets' : 'get_usage_status';
          answers.push(await call(url, tool, billable && n % 2 === 0 ? randomUUID() : undefined));
        }
      };
      let terminated = 0;
      const killer = async () => {
        for (let round = 0; round < 8; round++) {
          await sleep(350);
          terminated += await terminateBackends(database.url);
        }
        await sleep(300);
        loading = false;
      };
      await Promise.all([killer(), ...Array.from({ length: 8 }, (_, i) => worker(i))]);
      // Once the terminations stop, every instance serves at once: its pool replaced the lost connections.
      for (const server of servers) {
        for (let i = 0; i < 3; i++) {
          const after = await call(server.url, 'get_usage_status');
          answers.push(after);
          expect(after.status, JSON.stringify(after)).toBe(200);
        }
      }

      expect(terminated).toBeGreaterThan(0);
      for (const server of servers) expect(server.child.exitCode).toBeNull();
      for (const answer of answers) {
        expect(answer.body.success, JSON.stringify(answer)).toBe(answer.status === 200);
        expect(answer.body.request_id).toMatch(/^req_/);
        if (answer.status !== 200) {
          expect([503, 500], JSON.stringify(answer)).toContain(answer.status);
          if (answer.status === 503) expect(answer.body.code).toBe('storage_unavailable');
        }
      }
      const succeeded = answers.filter((a) => a.status === 200);
      // How many calls a termination fails depends on the machine's load; some always get through.
      expect(succeeded.filter((a) => a.tool === 'discover_existing_assets').length).toBeGreaterThan(0);

      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        const billed = succeeded.filter((a) => a.tool === 'discover_existing_assets').length;
        const usage = await settled(
          async () =>
            (await db.query('SELECT used, held FROM quota_usage WHERE user_id = $1', [userId])).rows[0],
          (row) => Number(row?.used) === billed && Number(row?.held) === 0,
        );
        expect({ used: Number(usage?.used), held: Number(usage?.held) }).toEqual({ used: billed, held: 0 });
        const audited = await settled(
          async () => Number((await db.query('SELECT count(*) AS n FROM audit_log')).rows[0].n),
          (n) => n >= answers.length,
        );
        expect(audited).toBe(answers.length);
      } finally {
        await db.end();
      }
      // Every call the database failed is counted for the operator, on one instance or the other.
      let faults = 0;
      for (const server of servers) {
        const text = await (await fetch(`${server.url}/metrics`)).text();
        faults += Number(/^adops_storage_faults_total (\d+)$/m.exec(text)?.[1] ?? 0);
      }
      const refused = answers.filter((a) => a.body.code === 'storage_unavailable').length;
      expect(faults).toBeGreaterThanOrEqual(refused);
      expect(faults).toBeGreaterThan(0);
      // Both still serve once the database is back.
      for (const server of servers) expect((await call(server.url, 'get_usage_status')).status).toBe(200);
    });
  },
);
