import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { ConsoleClient, callTool, PASSWORD, uniqueEmail } from '../console/support/console-client.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

/** Calls enough for an instance to hold the key in its credential cache, each answered 200. */
async function warm(url: string, key: string): Promise<void> {
  for (let call = 0; call < 5; call++) {
    expect((await callTool(url, key, 'get_usage_status')).status).toBe(200);
  }
}

/**
 * The first answer with `status` from calls made one after another: a notification reaches another
 * instance a moment after the change commits, not before the caller's next request can.
 */
async function firstAnswered(url: string, key: string, status: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await callTool(url, key, 'get_usage_status');
    if (answer.status === status || Date.now() > deadline) return answer;
    await setTimeout(20);
  }
}

/**
 * Two `adops serve` on one PostgreSQL, each keeping the credentials of recent calls. B trusts a credential
 * for a minute (`ADOPS_CREDENTIAL_CACHE_MS`), so only what it hears over LISTEN/NOTIFY can make it refuse a
 * key sooner: what the owner does in A's console (revoke a key, stop and resume all agents) reaches it, and
 * while it cannot hear (its listening connection terminated) it trusts no cached credential. A keeps the
 * default second, the bound for a change no notification tells of (one made by hand in the database).
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
      [a, b] = await Promise.all([
        adopsServe([], env()),
        adopsServe([], { ...env(), ADOPS_CREDENTIAL_CACHE_MS: '60000' }),
      ]);
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

    it('a key revoked on A is refused on B, which would have trusted it for a minute', async () => {
      const { key, id } = await newKey('revoked on A');
      await warm(b.url, key);
      const revoked = await owner.submit('/keys', `/keys/${id}/revoke`, {});
      expect(revoked.status).toBe(303);
      const refused = await firstAnswered(b.url, key, 401);
      expect([refused.status, refused.body.code]).toEqual([401, 'unauthenticated']);
      expect(refused.body.error).toContain('revoked');
    });

    it('stopping all agents on A suspends the calls on B, and resuming on A restores them', async () => {
      const { key } = await newKey('stopped on A');
      await warm(b.url, key);
      expect((await owner.submit('/keys', '/agents/stop', {})).status).toBe(303);
      const stopped = await firstAnswered(b.url, key, 403);
      expect([stopped.status, stopped.body.code]).toEqual([403, 'agents_stopped']);
      expect((await owner.submit('/keys', '/agents/resume', {})).status).toBe(303);
      expect((await firstAnswered(b.url, key, 200)).status).toBe(200);
    });

    it('while B cannot hear of changes it trusts no cached key: one revoked meanwhile is refused', async () => {
      const { key, id } = await newKey('revoked unheard');
      await warm(a.url, key);
      await warm(b.url, key);
      // Both instances' listening connections go (of this database only: other files' tests run beside), and
      // the instances reconnect on their own. The notification of the revocation is sent to nobody.
      const cut = await sql<{ pid: number }>`
        select pg_terminate_backend(pid) as pid from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN adops_auth_changed%'
          and pid <> pg_backend_pid()`.execute(storage.db);
      expect(cut.rows.length).toBe(2);
      const revoked = await owner.submit('/keys', `/keys/${id}/revoke`, {});
      expect(revoked.status).toBe(303);
      const refused = await firstAnswered(b.url, key, 401);
      expect([refused.status, refused.body.code]).toEqual([401, 'unauthenticated']);
    });

    it('a key revoked by hand in the database, which notifies nobody, is refused on A within a second', async () => {
      const { key, id } = await newKey('revoked by hand');
      await warm(a.url, key);
      await sql`update api_keys set revoked_at = ${new Date().toISOString()} where id = ${id}`.execute(
        storage.db,
      );
      // A second and a little (timers may fire a millisecond early) after the change committed.
      await setTimeout(1050);
      const refused = await callTool(a.url, key, 'get_usage_status');
      expect([refused.status, refused.body.code]).toEqual([401, 'unauthenticated']);
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
