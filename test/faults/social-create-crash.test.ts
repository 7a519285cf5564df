import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPage } from '../../src/sandbox/social/instagram-accounts.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { quotaUsage } from '../../src/storage/quota.ts';
import { type ImageServer, serve as serveBytes, startImageServer } from '../assets/support/image-server.ts';
import { makeImage } from '../assets/support/images.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { killThenRetry } from '../support/crash-retry.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { FaultProxy } from '../support/fault-proxy.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

type Json = Record<string, any>;

/** A POST to the ad account's edge (the path carries `appsecret_proof` in its query). */
const post = (edge: string) => (method: string, path: string) =>
  method === 'POST' && new RegExp(`/act_\\d+/${edge}$`).test(path.split('?')[0] ?? '');

/** The writes of create_social_campaign with an image by URL, in the order they are sent. */
const WRITES = [
  { step: 'campaign', matches: post('campaigns') },
  { step: 'image upload', matches: post('adimages') },
  { step: 'ad set', matches: post('adsets') },
  { step: 'creative', matches: post('adcreatives') },
  { step: 'ad', matches: post('ads') },
];
const KILL_POINTS = WRITES.flatMap((write) =>
  (['before', 'after'] as const).map((when) => ({ ...write, when })),
);

const LEASE_SECONDS = 1;

/**
 * `adops serve` killed with SIGKILL at each write of a Meta campaign create, before the request reached
 * Meta (the sandbox, in a process of its own behind a proxy) or after Meta acted but before the service
 * heard of it; then started again and asked again with the same Idempotency-Key: one of everything,
 * PAUSED, and the answer an uninterrupted call gives.
 */
describe.each(TEST_DIALECTS)(
  'a Meta campaign create killed at each write and retried, on %s',
  { timeout: 90_000 },
  (dialect) => {
    let certificate: TestCertificate;
    let images: ImageServer;
    let database: TestDatabase;
    let env: Record<string, string>;
    let sandbox: ServeProcess;
    let proxy: FaultProxy;
    let storage: Storage;
    let key: string;
    let userId: string;
    let accountId: string;
    let pageId: string;
    let reference: { name: string; data: Json; ids: string[] };
    let current: ServeProcess | undefined;

    const args = (name: string) => ({
      campaign_name: name,
      daily_budget: 25,
      countries: ['US'],
      page_id: pageId,
      image_url: images.url('/ad.jpg'),
      message: 'Our spring sale is on.',
      headline: 'Spring sale',
      link: 'https://example.com/spring',
    });

    async function call(url: string, name: string, idempotencyKey: string) {
      const response = await fetch(`${url}/api/v1/tools/create_social_campaign/execute`, {
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
      const store = new SandboxStore(storage.db, 'social');
      const campaigns = (await store.list<Json>('campaign', accountId)).filter((c) => c.data.name === name);
      const adSets = (await store.list<Json>('adset', accountId)).filter((a) =>
        campaigns.some((c) => c.id === a.data.campaign_id),
      );
      const ads = (await store.list<Json>('ad', accountId)).filter((a) =>
        campaigns.some((c) => c.id === a.data.campaign_id),
      );
      const creatives = (await store.list<Json>('adcreative', accountId)).filter((c) =>
        campaigns.some((campaign) => c.data.name === `${name} - creative (campaign ${campaign.id})`),
      );
      return { campaigns, adSets, ads, creatives };
    }

    beforeAll(async () => {
      certificate = createTestCertificate();
      images = await startImageServer(certificate, {
        '/ad.jpg': serveBytes(await makeImage(1200, 628, 'jpeg'), 'image/jpeg'),
      });
      database = await createTestDatabase(dialect);
      env = {
        ADOPS_DATABASE_URL: database.url,
        ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        ADOPS_RATE_LIMIT_PER_SECOND: '0',
        ADOPS_CALL_LEASE_SECONDS: String(LEASE_SECONDS),
        ADOPS_FETCH_ALLOW_HOSTS: 'localhost',
        ADOPS_FETCH_PORTS: `443,${images.port}`,
        ADOPS_FETCH_CA_FILE: certificate.certPath,
      };
      userId = (await adops(['users', 'create', '--email', 'crash@example.com', '--tier', 'pro'], env)).json
        .id;
      accountId = (
        await adops(['accounts', 'add', '--email', 'crash@example.com', '--platform', 'social'], env)
      ).json.account_id;
      key = (await adops(['keys', 'create', '--email', 'crash@example.com'], env)).json.key;
      sandbox = await adopsServe([], env);
      proxy = await FaultProxy.start(sandbox.url);
      storage = openStorage(database.url);
      const [page] = await new SandboxStore(storage.db, 'social').list<SandboxPage>('page', accountId);
      pageId = page?.id ?? '';

      current = await serve();
      const clean = await call(current.url, 'Reference', randomUUID());
      expect(clean.status, JSON.stringify(clean.body)).toBe(200);
      const { created } = clean.body.data.structured;
      reference = {
        name: 'Reference',
        data: clean.body.data,
        ids: [created.campaign_id, created.ad_set_id, created.creative_id, created.ad_id],
      };
    });
    afterAll(async () => {
      await current?.stop();
      await proxy?.close();
      await sandbox?.stop();
      await storage?.close();
      await database?.drop();
      await images?.close();
      certificate?.remove();
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

        const { campaigns, adSets, ads, creatives } = await sandboxState(name);
        expect(campaigns.map((c) => c.data.status)).toEqual(['PAUSED']);
        // Ready under the paused campaign, which alone keeps them from delivering.
        expect(adSets.map((a) => a.data.status)).toEqual(['ACTIVE']);
        expect(ads.map((a) => a.data.status)).toEqual(['ACTIVE']);
        expect(creatives).toHaveLength(1);

        const { created } = retried.body.data.structured;
        const ids = [created.campaign_id, created.ad_set_id, created.creative_id, created.ad_id];
        expect(ids).toEqual([campaigns[0]?.id, adSets[0]?.id, creatives[0]?.id, ads[0]?.id]);
        expect(ads[0]?.data.creative_id).toBe(creatives[0]?.id);
        let expected = JSON.stringify({ ...reference.data, quota: undefined });
        for (const [index, id] of reference.ids.entries()) expected = expected.replaceAll(id, ids[index]);
        expected = expected.replaceAll(reference.name, name);
        expect({ ...retried.body.data, quota: undefined }).toEqual(JSON.parse(expected));

        const after = await quotaUsage(storage.db, userId, period);
        expect(after).toEqual({ used: before.used + 1, held: 0 });
      },
    );
  },
);
