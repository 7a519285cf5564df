import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { ConsoleClient, callTool, PASSWORD, uniqueEmail } from '../console/support/console-client.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

/** Calls enough for instance B to hold the key in its credential cache, each answered 200. */
async function warm(url: string, key: string): Promise<void> {
  for (let call = 0; call < 5; call++) {
    expect((await callTool(url, key, 'get_usage_status')).status).toBe(200);
  }
}

/**
 * Two `adops serve` on one PostgreSQL, each keeping the credentials of recent calls: what the owner does
 * in the console of instance A (revoke a key, stop and resume all agents) holds for the very next call
 * on instance B, which had the key cached a moment before. B hears of it over LISTEN/NOTIFY, and while
 * it cannot hear (its listening connection terminated), it trusts no cached credential.
 */
describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'credentials across two instances on PostgreSQL',
  { timeout: 120_000 },
  () => {
    let database: TestDatabase;
    let storage: Storage;
    let a: ServeProcess;
    let b: ServeProcess;
    let owner: ConsoleClient;
    let email: string;

    async function newKey(name: string): Promise<{ key: string; id: string }> {
      const created = await adops(['keys', 'create', '--email', email, '--name', name], env());
      expect(created.code, created.stderr).toBe(0);
      return { key: created.json.key, id: created.json.id };
    }

    function env(): Record<string, string> {
      return {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
      };
    }

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      storage = openStorage(database.url);
      expect((await adops(['migrate'], env())).code).toBe(0);
      [a, b] = await Promise.all([adopsServe([], env()), adopsServe([], env())]);
      owner = new ConsoleClient(a.url);
      email = uniqueEmail('two-instances');
      await owner.signUp(email, PASSWORD);
      expect((await adops(['users', 'set-tier', '--email', email, '--tier', 'max'], env())).code).toBe(0);
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await storage?.close();
      await database?.drop();
    });

    it('a key revoked on A is refused by the next call on B', async () => {
      const { key, id } = await newKey('revoked on A');
      await warm(b.url, key);
      const revoked = await owner.submit('/keys', `/keys/${id}/revoke`, {});
      expect(revoked.status).toBe(303);
      const next = await callTool(b.url, key, 'get_usage_status');
      expect([next.status, next.body.code]).toEqual([401, 'unauthenticated']);
      expect(next.body.error).toContain('revoked');
    });

    it('stopping all agents on A suspends the next call on B, and resuming on A restores it', async () => {
      const { key } = await newKey('stopped on A');
      await warm(b.url, key);
      expect((await owner.submit('/keys', '/agents/stop', {})).status).toBe(200);
      const stopped = await callTool(b.url, key, 'get_usage_status');
      expect([stopped.status, stopped.body.code]).toEqual([403, 'agents_stopped']);
      expect((await owner.submit('/keys', '/agents/resume', {})).status).toBe(200);
      expect((await callTool(b.url, key, 'get_usage_status')).status).toBe(200);
    });

    it('while B cannot hear of changes it trusts no cached key: one revoked meanwhile is refused', async () => {
      const { key, id } = await newKey('revoked unheard');
      await warm(a.url, key);
      await warm(b.url, key);
      // Both instances' listening connections go (of this database only: other files' tests run beside), and
      // the instances reconnect on their own.
      const cut = await sql<{ pid: number }>`
        select pg_terminate_backend(pid) as pid from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN adops_auth_changed%'
          and pid <> pg_backend_pid()`.execute(storage.db);
      expect(cut.rows.length).toBe(2);
      const revoked = await owner.submit('/keys', `/keys/${id}/revoke`, {});
      expect(revoked.status).toBe(303);
      const next = await callTool(b.url, key, 'get_usage_status');
      expect([next.status, next.body.code]).toEqual([401, 'unauthenticated']);
    });
  },
);

/**
 * On SQLite one `adops serve` and the CLI share the database file: a key revoked through another connection
 * (here the test's own, as `adops keys revoke` does from its process) is refused by the server's very next
 * call, though the server had it cached a moment before.
 */
describe.runIf(TEST_DIALECTS.includes('sqlite'))(
  'a key revoked through another connection, on SQLite',
  { timeout: 60_000 },
  () => {
    let database: TestDatabase;
    let storage: Storage;
    let serve: ServeProcess;
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await createTestDatabase('sqlite');
      env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
      };
      expect((await adops(['migrate'], env)).code).toBe(0);
      expect((await adops(['users', 'create', '--email', 'cli@example.com'], env)).code).toBe(0);
      serve = await adopsServe([], env);
      storage = openStorage(database.url);
    });

    afterAll(async () => {
      await serve?.stop();
      await storage?.close();
      await database?.drop();
    });

    it('is refused by the next call', async () => {
      const created = (await adops(['keys', 'create', '--email', 'cli@example.com'], env)).json;
      await warm(serve.url, created.key);
      expect(await revokeApiKey(storage.db, created.id, new Date())).toBe(true);
      const next = await callTool(serve.url, created.key, 'get_usage_status');
      expect([next.status, next.body.code]).toEqual([401, 'unauthenticated']);
    });
  },
);
