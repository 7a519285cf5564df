import { setTimeout as sleep } from 'node:timers/promises';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { createEndpoint } from '../../src/notifications/endpoints.ts';
import { closeServices } from '../../src/services.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { verifierFromDocs } from '../notifications/support/docs-verifier.ts';
import { Receiver, receiverEnv } from '../notifications/support/receiver.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { quietServices, TEST_ENCRYPTION_KEYS } from '../support/service.ts';

type Json = Record<string, any>;

const INSTANCES = 3;
/** Minutes watched: each one's checks must all be recorded, whatever was killed while they ran. */
const MINUTES = 3;

/**
 * Three `adops serve` instances on one PostgreSQL checking 1-minute monitors through pg-boss, while the
 * test SIGKILLs instances whenever a check is running (all three once, then two, then one) and starts
 * them again: every minute is still checked for every monitor, each firing acts once (one platform write
 * per firing, under its idempotency key), each `monitor.fired` reaches the webhook receiver once, and
 * nothing is left running. The sandbox answers slowly (1.5 s a request), so a check is caught midway.
 */
describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'monitors on three instances, SIGKILLed during checks',
  { timeout: (MINUTES + 4) * 60_000 },
  () => {
    let database: TestDatabase;
    let certificate: TestCertificate;
    let receiver: Receiver;
    let services: Services;
    let env: Record<string, string>;
    const instances: Array<ServeProcess | undefined> = [];
    const kills: string[] = [];
    const monitorIds: string[] = [];
    let userId: string;
    let firstSlot: string;
    let lastSlot: string;

    async function start(index: number): Promise<void> {
      instances[index] = await adopsServe([], env);
    }

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      certificate = createTestCertificate();
      receiver = await Receiver.start(certificate, await verifierFromDocs(), () => new Date());
      env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
        ADOPS_SANDBOX_LATENCY_MS: '1500',
        ...receiverEnv(receiver, certificate),
      };
      expect((await adops(['migrate'], env)).code).toBe(0);
      userId = (await adops(['users', 'create', '--email', 'watch@example.com', '--tier', 'max'], env)).json
        .id;
      await adops(['accounts', 'add', '--email', 'watch@example.com', '--platform', 'video'], env);
      const key = (await adops(['keys', 'create', '--email', 'watch@example.com'], env)).json.key;
      services = quietServices(database, { env });
      const endpoint = await createEndpoint(services, userId, {
        url: receiver.url('/hook'),
        events: ['monitor.fired'],
      });
      receiver.secrets.set('/hook', endpoint.secret);
      for (let index = 0; index < INSTANCES; index++) await start(index);
      // Three monitors on every running campaign, firing on their first, second and third check: the
      // firings fall in different minutes, while instances are being killed.
      for (const consecutive of [1, 2, 3]) {
        const response = await fetch(`${instances[0]?.url}/api/v1/tools/create_monitor/execute`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            arguments: {
              platform: 'video',
              name: `Spending, ${consecutive} in a row`,
              conditions: [{ metric: 'spend', operator: '>', threshold: 0 }],
              consecutive_checks: consecutive,
              check_every_minutes: 1,
              action: 'pause_campaign',
            },
          }),
        });
        const body = (await response.json()) as Json;
        expect(response.status, JSON.stringify(body)).toBe(200);
        monitorIds.push(body.data.structured.monitor.id);
      }
    });

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance?.stop()));
      await closeServices(services);
      await receiver.stop();
      certificate.remove();
      await database.drop();
    });

    /** pg-boss's jobs matching a condition. */
    async function jobCount(where: RawBuilder<unknown>): Promise<number> {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pgboss.job WHERE ${where}`.execute(services.storage.db);
      return rows[0]?.n ?? 0;
    }

    /** Whether a monitor check job is running on some instance now. */
    async function checkRunning(): Promise<boolean> {
      return (await jobCount(sql`name = 'monitors.check' AND state = 'active'`)) > 0;
    }

    it('checks every minute, acts once per firing and delivers each event once', async () => {
      const minute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);
      firstSlot = new Date(minute(new Date()).getTime() + 60_000).toISOString();
      const end = Date.parse(firstSlot) + MINUTES * 60_000;
      // Kill rounds: all three, then two, then one, each while a check runs, restarted 2 s later.
      const rounds = [[0, 1, 2], [1, 2], [0]];
      while (Date.now() < end) {
        const round = rounds[kills.length];
        if (round && Date.now() > Date.parse(firstSlot) && (await checkRunning())) {
          for (const index of round) instances[index]?.child.kill('SIGKILL');
          kills.push(`${new Date().toISOString()}: ${round.join(',')}`);
          await sleep(2_000);
          for (const index of round) await start(index);
          // Not again within this minute's checks.
          await sleep(20_000);
        }
        await sleep(200);
      }
      lastSlot = new Date(end - 60_000).toISOString();
      expect(kills).toHaveLength(rounds.length);
      // The last minute's checks, and the retries of killed ones, have time to end.
      await sleep(75_000);

      const { db } = services.storage;
      const checks = await db
        .selectFrom('monitor_checks')
        .select(['monitor_id', 'slot_at', 'outcome'])
        .where('slot_at', '>=', firstSlot)
        .where('slot_at', '<=', lastSlot)
        .execute();
      const slots = Array.from({ length: MINUTES }, (_, n) =>
        new Date(Date.parse(firstSlot) + n * 60_000).toISOString(),
      );
      for (const id of monitorIds) {
        const mine = checks.filter((check) => check.monitor_id === id);
        expect(mine.map((check) => check.slot_at).sort(), `monitor ${id}, kills ${kills.join('; ')}`).toEqual(
          slots,
        );
        expect(mine.every((check) => check.outcome === 'checked')).toBe(true);
      }
      // A killed check was retried by the engine.
      expect(await jobCount(sql`name = 'monitors.check' AND retry_count > 0`)).toBeGreaterThan(0);

      const firings = await db.selectFrom('monitor_firings').selectAll().execute();
      const campaigns = new Set(firings.map((firing) => firing.campaign_id));
      expect(campaigns.size).toBeGreaterThan(1);
      // Each monitor fired once on each running campaign, and each firing was acted on.
      for (const id of monitorIds) {
        expect(
          firings
            .filter((firing) => firing.monitor_id === id)
            .map((f) => f.campaign_id)
            .sort(),
        ).toEqual([...campaigns].sort());
      }
      expect(firings.map((firing) => firing.result)).toEqual(firings.map(() => 'applied'));
      const writes = await db
        .selectFrom('audit_log')
        .select(['monitor_id', 'details'])
        .where('tool', '=', 'update_video_campaign')
        .where('monitor_id', 'is not', null)
        .where('status', '=', 200)
        .where('replayed', '=', 0)
        .where('dry_run', '=', 0)
        .execute();
      const written = writes
        .map((row) => `${row.monitor_id}:${JSON.parse(row.details ?? '{}').campaign_id}`)
        .sort();
      expect(written).toEqual(firings.map((firing) => `${firing.monitor_id}:${firing.campaign_id}`).sort());

      // One delivery per firing, each verified, none twice.
      const received = receiver.at('/hook');
      expect(received.every((receipt) => receipt.verified)).toBe(true);
      const ids = received.map((receipt) => receipt.event.id as string);
      expect(new Set(ids).size).toBe(ids.length);
      expect(received.map((receipt) => receipt.event.data.firing.id).sort()).toEqual(
        firings.map((f) => f.id).sort(),
      );

      // Nothing left running once the instances stop.
      const codes = await Promise.all(instances.map((instance) => instance?.stop()));
      expect(codes).toEqual(instances.map(() => 0));
      instances.length = 0;
      expect(await jobCount(sql`state = 'active'`)).toBe(0);
    });
  },
);
