import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { checkEnvelope } from '../../src/envelopes/check-envelopes.ts';
import { formatMicros } from '../../src/money.ts';
import { closeServices } from '../../src/services.ts';
import { findClient } from '../../src/storage/clients.ts';
import type { Client, User } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { quietServices, TEST_ENCRYPTION_KEYS } from '../support/service.ts';

type Json = Record<string, any>;

const LISTS = { social: 'list_social_campaigns', video: 'list_video_campaigns' } as const;

/**
 * A client's envelope checked by the job engine of two `adops serve` instances on one PostgreSQL: at 80%
 * the workspace is told once; at 100% every running campaign of the client is paused, each by one
 * platform write, though both instances are SIGKILLed while the pauses are being made and started again;
 * minutes later, after another restart, nothing more is told or written.
 */
describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'client envelopes on two instances, killed while pausing',
  { timeout: 6 * 60_000 },
  () => {
    let database: TestDatabase;
    let services: Services;
    let env: Record<string, string>;
    let key: string;
    let workspace: User;
    let client: Client;
    const instances: ServeProcess[] = [];
    const w = ['--workspace', 'envelope@example.com'];

    async function startBoth() {
      for (let i = 0; i < 2; i++) instances.push(await adopsServe([], env));
    }
    function killBoth() {
      for (const instance of instances.splice(0)) instance.child.kill('SIGKILL');
    }

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
        ADOPS_SANDBOX_LATENCY_MS: '1000',
        ADOPS_ENVELOPE_CHECK_MINUTES: '1',
      };
      expect((await adops(['migrate'], env)).code).toBe(0);
      await adops(['workspaces', 'create', '--email', 'envelope@example.com', '--tier', 'max'], env);
      const accounts = [];
      for (const platform of Object.keys(LISTS)) {
        accounts.push(
          (await adops(['accounts', 'add', '--email', 'envelope@example.com', '--platform', platform], env))
            .json,
        );
      }
      const made = await adops(
        ['clients', 'create', ...w, '--name', 'Acme', '--envelope', '100000000:USD'],
        env,
      );
      for (const account of accounts) {
        await adops(
          [
            'clients',
            'assign',
            ...w,
            '--client',
            'Acme',
            '--account',
            `${account.platform}:${account.account_id}`,
          ],
          env,
        );
      }
      key = (await adops(['keys', 'create', '--email', 'envelope@example.com', '--scope', 'read'], env)).json
        .key;
      await startBoth();
      // The sandbox this process reads the month's spend from is the instances' own.
      services = quietServices(database, { env: { ...env, ADOPS_SANDBOX_URL: instances[0]?.url ?? '' } });
      const { db } = services.storage;
      workspace = (await findUserByEmail(db, 'envelope@example.com')) as User;
      client = (await findClient(db, workspace.id, made.json.id)) as Client;
    });

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await closeServices(services);
      await database.drop();
    });

    async function running(url: string): Promise<string[]> {
      const ids: string[] = [];
      for (const [platform, list] of Object.entries(LISTS)) {
        const response = await fetch(`${url}/api/v1/tools/${list}/execute`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ arguments: {} }),
        });
        const body = (await response.json()) as Json;
        for (const c of body.data.structured.campaigns as Json[])
          if (c.status === 'ACTIVE') ids.push(`${platform}:${c.campaign_id ?? c.id}`);
      }
      return ids.toSorted();
    }
    const db = () => services.storage.db;
    const levels = async () =>
      (
        await db()
          .selectFrom('notification_events')
          .select('data')
          .where('type', '=', 'envelope.threshold')
          .execute()
      )
        .map((e) => JSON.parse(e.data).threshold_percent as number)
        .toSorted();
    const pauses = async () =>
      db()
        .selectFrom('audit_log')
        .select('id')
        .where('agency_client_id', '=', client.id)
        .where('status', '=', 200)
        .where('replayed', '=', 0)
        .execute();
    async function until(what: string, done: () => Promise<boolean>, ms = 150_000) {
      for (const end = Date.now() + ms; Date.now() < end; await sleep(500)) if (await done()) return;
      throw new Error(`waited ${ms} ms for ${what}`);
    }

    it('tells at 80% once, pauses at 100% once through kills and restarts', async () => {
      const spent = (await checkEnvelope(services, workspace, client)).spent.USD ?? 0;
      expect(spent).toBeGreaterThan(0);
      /** An envelope of which the month's spend so far is `share`. */
      const envelope = (share: number) => `${formatMicros(Math.ceil(spent / share), 'USD')}:USD`;
      await adops(
        ['clients', 'envelope', ...w, '--client', 'Acme', '--envelope', envelope(0.9), '--pause-at-envelope'],
        env,
      );
      const before = await running(instances[0]?.url ?? '');
      expect(before.length).toBeGreaterThan(1);

      await until('the 80% notice', async () => (await levels()).length > 0);
      await sleep(65_000);
      expect(await levels()).toEqual([80]);
      expect(await pauses()).toEqual([]);

      await adops(
        ['clients', 'envelope', ...w, '--client', 'Acme', '--envelope', envelope(1.5), '--pause-at-envelope'],
        env,
      );
      await until('the first pause', async () => (await pauses()).length > 0);
      killBoth();
      await sleep(1_000);
      await startBoth();
      await until(
        'every running campaign paused',
        async () => (await running(instances[0]?.url ?? '')).length === 0,
      );
      expect(await pauses()).toHaveLength(before.length);

      killBoth();
      await startBoth();
      await sleep(65_000);
      expect(await pauses()).toHaveLength(before.length);
      expect(await levels()).toEqual([100, 80].toSorted());
      const codes = await Promise.all(instances.splice(0).map((instance) => instance.stop()));
      expect(codes).toEqual([0, 0]);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`.execute(db());
      expect(rows[0]?.n).toBe(0);
    });
  },
);
