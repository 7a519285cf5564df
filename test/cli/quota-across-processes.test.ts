import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

// Two `adops serve` processes on one database, as several instances run in production, and a real
// billable tool (discover_existing_assets through the Google Ads sandbox).
describe.each(TEST_DIALECTS)(
  'the quota across two service processes on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let servers: ServeProcess[] = [];
    let key: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_TIER_LIMITS: 'free=10,plus=150,pro=600,max=3000',
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
      };
      expect((await adops(['users', 'create', '--email', 'race@example.com'], env)).code).toBe(0);
      expect(
        (await adops(['accounts', 'add', '--email', 'race@example.com', '--platform', 'search'], env)).code,
      ).toBe(0);
      key = (await adops(['keys', 'create', '--email', 'race@example.com'], env)).json.key;
      servers = await Promise.all([adopsServe([], env), adopsServe([], env)]);
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    });

    const call = async (url: string, tool: string) => {
      const response = await fetch(`${url}/api/v1/tools/${tool}/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{"arguments":{}}',
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };

    it('lets exactly the limit through when 50 billable calls race across both', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => call(servers[i % 2]?.url ?? '', 'discover_existing_assets')),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      // Refused: 402 once the ten have settled; 429 quota_in_flight while some of them still run.
      const refused = results.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(40);
      for (const { status, body } of refused) {
        expect(status === 402 ? 'quota_exceeded' : status === 429 ? 'quota_in_flight' : status).toBe(
          body.code,
        );
        if (status === 402) expect(body.quota).toMatchObject({ used: 10, limit: 10, tier: 'free' });
      }
      for (const server of servers) {
        expect((await call(server.url, 'get_usage_status')).body.data.quota.used).toBe(10);
      }
    });
  },
);
