import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

const CALLS = 200;

/**
 * Every answered call has its audit row, even when the process is SIGKILLed the moment the last answer
 * arrives: free reads of the service's own state and calls turned away at the door (an unknown key) are
 * written by group commit, and each waits for its row before it is answered.
 */
describe.each(TEST_DIALECTS)(
  'audit rows of answered calls after SIGKILL, on %s',
  { timeout: 60_000 },
  (dialect) => {
    let database: TestDatabase;
    let storage: Storage;
    let serve: ServeProcess;
    let key: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
      };
      expect((await adops(['migrate'], env)).code).toBe(0);
      await adops(['users', 'create', '--email', 'audited@example.com', '--tier', 'max'], env);
      key = (await adops(['keys', 'create', '--email', 'audited@example.com'], env)).json.key;
      serve = await adopsServe([], env);
      storage = openStorage(database.url);
    });

    afterAll(async () => {
      serve?.child.kill('SIGKILL');
      await storage?.close();
      await database?.drop();
    });

    it('finds a row for every answer, calls turned away included', async () => {
      const unknownKey = `${key.slice(0, -10)}${'A'.repeat(4)}${key.slice(-6)}`;
      const call = async (bearer: string) => {
        const response = await fetch(`${serve.url}/api/v1/tools/get_usage_status/execute`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: '{"arguments":{}}',
        });
        await response.arrayBuffer();
        return { status: response.status, requestId: response.headers.get('x-request-id') ?? '' };
      };
      const answers = await Promise.all(
        Array.from({ length: CALLS }, (_, i) => call(i % 10 === 9 ? unknownKey : key)),
      );
      serve.child.kill('SIGKILL');
      await new Promise((resolve) => serve.child.once('exit', resolve));

      expect(answers.filter((a) => a.status === 200)).toHaveLength(CALLS - CALLS / 10);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(CALLS / 10);
      const rows = await storage.db
        .selectFrom('audit_log')
        .select(['request_id', 'status'])
        .where(
          'request_id',
          'in',
          answers.map((a) => a.requestId),
        )
        .execute();
      const stored = new Map(rows.map((row) => [row.request_id, row.status]));
      expect(answers.filter((a) => stored.get(a.requestId) !== a.status)).toEqual([]);
    });
  },
);
