import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { quotaUsage } from '../../src/storage/quota.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { killThenRetry } from '../support/crash-retry.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { FaultProxy } from '../support/fault-proxy.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

type Json = Record<string, any>;

/** The writes of create_video_campaign, in the order they are sent. */
const WRITES = ['campaign/create/', 'file/video/ad/upload/', 'adgroup/create/', 'ad/create/'].map((path) => ({
  step: path,
  matches: (method: string, url: string) => method === 'POST' && url.endsWith(`/open_api/v1.3/${path}`),
}));
const KILL_POINTS = WRITES.flatMap((write) =>
  (['before', 'after'] as const).map((when) => ({ ...write, when })),
);

const LEASE_SECONDS = 1;

/**
 * `adops serve` killed with SIGKILL at each TikTok write of create_video_campaign, before the request
 * reached TikTok (the sandbox, in a process of its own behind a proxy) or after TikTok acted but before
 * the service heard of it; then started again and asked again with the same Idempotency-Key.
 */
describe.each(TEST_DIALECTS)(
  'a TikTok campaign create killed at each step and retried, on %s',
  { timeout: 60_000 },
  (dialect) => {
    let database: TestDatabase;
    let env: Record<string, string>;
    let sandbox: ServeProcess;
    let proxy: FaultProxy;
    let storage: Storage;
    let key: string;
    let userId: string;
    let accountId: string;
    let reference: { name: string; data: Json; ids: string[] };

    const args = (name: string) => ({
      campaign_name: name,
      daily_budget: 30,
      location_ids: ['6252001'],
      video_url: 'https://samples.adops.invalid/video-9x16.mp4',
      ad_text: 'Spring sale: everything 20% off.',
      identity_id: '7100000000000000001',
      landing_page_url: 'https://example.com/spring',
    });

    async function call(url: string, name: string, idempotencyKey: string) {
      const response = await fetch(`${url}/api/v1/tools/create_video_campaign/execute`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({ arguments: args(name) }),
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
    }

    const serve = () => adopsServe([], { ...env, ADOPS_SANDBOX_URL: proxy.url });

    async function sandboxState(name: string) {
      const store = new SandboxStore(storage.db, 'video');
      const campaigns = (await store.list<Json>('campaign', accountId)).filter(
        (c) => c.data.campaign_name === name,
      );
      const adGroups = (await store.list<Json>('adgroup', accountId)).filter((a) =>
        campaigns.some((c) => c.id === a.data.campaign_id),
      );
      const ads = (await store.list<Json>('ad', accountId)).filter((a) =>
        adGroups.some((g) => g.id === a.data.adgroup_id),
      );
      return { campaigns, adGroups, ads };
    }

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
        ADOPS_CALL_LEASE_SECONDS: String(LEASE_SECONDS),
      };
      userId = (await adops(['users', 'create', '--email', 'crash@example.com', '--tier', 'pro'], env)).json
        .id;
      accountId = (
        await adops(['accounts', 'add', '--email', 'crash@example.com', '--platform', 'video'], env)
      ).json.account_id;
      key = (await adops(['keys', 'create', '--email', 'crash@example.com'], env)).json.key;
      sandbox = await adopsServe([], env);
      proxy = await FaultProxy.start(sandbox.url);
      storage = openStorage(database.url);

      const first = await serve();
      try {
        const clean = await call(first.url, 'Reference', randomUUID());
        expect(clean.status, JSON.stringify(clean.body)).toBe(200);
        const c = clean.body.data.structured.created;
        reference = {
          name: 'Reference',
          data: clean.body.data,
          ids: [c.campaign_id, c.adgroup_id, c.video_id, c.ad_id],
        };
      } finally {
        await first.stop();
      }
    });
    afterAll(async () => {
      await proxy?.close();
      await sandbox?.stop();
      await storage?.close();
      await database?.drop();
    });

    it.each(KILL_POINTS)(
      'killed $when the $step request: one of each object, PAUSED, the same answer, one unit',
      async ({ step, when, matches }) => {
        const name = `Crash ${when} ${step}`;
        const idempotencyKey = randomUUID();
        const period = new Date().toISOString().slice(0, 7);
        const before = await quotaUsage(storage.db, userId, period);

        const { killed, retried } = await killThenRetry({
          proxy,
          trap: { matches, when },
          serve,
          call: (url) => call(url, name, idempotencyKey),
        });
        expect(killed).toBe(true);
        expect(retried.status, JSON.stringify(retried.body)).toBe(200);
        expect(retried.headers.get('idempotent-replayed')).toBeNull();

        const { campaigns, adGroups, ads } = await sandboxState(name);
        expect(campaigns.map((c) => [c.data.operation_status, c.data.deleted ?? false])).toEqual([
          ['DISABLE', false],
        ]);
        // Ready under the disabled campaign, which alone keeps them from delivering.
        expect(adGroups.map((a) => a.data.operation_status)).toEqual(['ENABLE']);
        expect(ads.map((a) => a.data.operation_status)).toEqual(['ENABLE']);

        const created = retried.body.data.structured.created;
        expect([created.campaign_id, created.adgroup_id, created.ad_id]).toEqual([
          campaigns[0]?.id,
          adGroups[0]?.id,
          ads[0]?.id,
        ]);
        expect(ads[0]?.data.video_id).toBe(created.video_id);
        // What the first attempt would have answered: the uninterrupted call's answer with this call's ids.
        let expected = JSON.stringify({ ...reference.data, quota: undefined });
        const ids = [created.campaign_id, created.adgroup_id, created.video_id, created.ad_id];
        for (const [index, id] of reference.ids.entries()) expected = expected.replaceAll(id, ids[index]);
        expected = expected.replaceAll(reference.name, name);
        expect({ ...retried.body.data, quota: undefined }).toEqual(JSON.parse(expected));

        const after = await quotaUsage(storage.db, userId, period);
        expect(after).toEqual({ used: before.used + 1, held: 0 });
      },
    );
  },
);
