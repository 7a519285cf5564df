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

/** The writes of create_network_image_campaign with an uploaded image, in the order they are sent. */
const WRITES: Array<{ step: string; matches: (method: string, path: string, body: string) => boolean }> = [
  { step: 'campaign group', matches: (m, p) => m === 'POST' && /\/adCampaignGroups$/.test(p) },
  { step: 'campaign', matches: (m, p) => m === 'POST' && /\/adCampaigns$/.test(p) },
  { step: 'post', matches: (m, p) => m === 'POST' && /\/rest\/posts$/.test(p) },
  { step: 'creative', matches: (m, p) => m === 'POST' && /\/creatives$/.test(p) },
  {
    step: 'group activation',
    matches: (m, p, body) => m === 'POST' && /\/adCampaignGroups\/\d+$/.test(p) && body.includes('ACTIVE'),
  },
];
const KILL_POINTS = WRITES.flatMap((write) =>
  (['before', 'after'] as const).map((when) => ({ ...write, when })),
);

const LEASE_SECONDS = 1;

/**
 * `adops serve` killed with SIGKILL at each step of a multi-step create, before the step's request reached
 * LinkedIn (the sandbox, in a process of its own behind a proxy) or after LinkedIn acted but before the
 * service heard of it; then started again and asked again with the same Idempotency-Key.
 */
describe.each(TEST_DIALECTS)(
  'a LinkedIn campaign create killed at each step and retried, on %s',
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
    /** What an uninterrupted call answers, to compare every resumed answer with. */
    let reference: { name: string; data: Json; ids: string[] };
    /** The service now running: each kill point kills it and starts the next, which the next one kills. */
    let current: ServeProcess | undefined;

    const args = (name: string) => ({
      campaign_name: name,
      campaign_group_name: `Group of ${name}`,
      organization_id: '2414183',
      daily_budget: 25,
      landing_page_url: 'https://example.com/q4',
      locations: ['urn:li:geo:103644278'],
      introductory_text: 'Meet the plan built for small teams.',
      headline: 'Plans from $5 a month',
      image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
    });

    async function call(url: string, name: string, idempotencyKey: string) {
      const response = await fetch(`${url}/api/v1/tools/create_network_image_campaign/execute`, {
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
      const store = new SandboxStore(storage.db, 'network');
      const groups = (await store.list<Json>('campaign_group', accountId)).filter(
        (g) => g.data.name === `Group of ${name}`,
      );
      const campaigns = (await store.list<Json>('campaign', accountId)).filter((c) => c.data.name === name);
      const creatives = (
        await Promise.all(campaigns.map((c) => store.list<Json>('creative', accountId, c.id)))
      ).flat();
      return { groups, campaigns, creatives };
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
        await adops(['accounts', 'add', '--email', 'crash@example.com', '--platform', 'network'], env)
      ).json.account_id;
      key = (await adops(['keys', 'create', '--email', 'crash@example.com'], env)).json.key;
      sandbox = await adopsServe([], env);
      proxy = await FaultProxy.start(sandbox.url);
      storage = openStorage(database.url);

      current = await serve();
      const clean = await call(current.url, 'Reference', randomUUID());
      expect(clean.status).toBe(200);
      const s = clean.body.data.structured;
      reference = {
        name: 'Reference',
        data: clean.body.data,
        ids: [s.campaign_group.id, s.campaign.id, s.creative.id, s.creative.post],
      };
    });
    afterAll(async () => {
      await current?.stop();
      await proxy?.close();
      await sandbox?.stop();
      await storage?.close();
      await database?.drop();
    });

    it.each(KILL_POINTS)(
      'killed $when the $step request: one of each object, the same answer, one unit',
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
        // The dead attempt's claim is taken over within a lease of its last heartbeat, not after minutes.
        expect(retried.waitedMs).toBeLessThan((LEASE_SECONDS + 3) * 1000);

        const { groups, campaigns, creatives } = await sandboxState(name);
        expect(groups.map((g) => g.data.status)).toEqual(['ACTIVE']);
        expect(campaigns.map((c) => [c.parentId, c.data.status])).toEqual([[groups[0]?.id, 'PAUSED']]);
        expect(creatives).toHaveLength(1);

        const structured = retried.body.data.structured;
        const ids = [
          structured.campaign_group.id,
          structured.campaign.id,
          structured.creative.id,
          structured.creative.post,
        ];
        expect(ids.slice(0, 3)).toEqual([
          groups[0]?.id,
          campaigns[0]?.id,
          `urn:li:sponsoredCreative:${creatives[0]?.id}`,
        ]);
        expect(creatives[0]?.data.content).toEqual({ reference: structured.creative.post });
        // What the first attempt would have answered: the uninterrupted call's answer with this call's ids.
        let expected = JSON.stringify({ ...reference.data, quota: undefined });
        for (const [index, id] of reference.ids.entries()) expected = expected.replaceAll(id, ids[index]);
        expected = expected.replaceAll(reference.name, name);
        expect({ ...retried.body.data, quota: undefined }).toEqual(JSON.parse(expected));

        const after = await quotaUsage(storage.db, userId, period);
        expect(after).toEqual({ used: before.used + 1, held: 0 });
        expect(retried.body.data.quota.used).toBe(after.used);

        // No group of the account is ACTIVE without a campaign in it.
        const store = new SandboxStore(storage.db, 'network');
        for (const group of await store.list<Json>('campaign_group', accountId)) {
          if (group.data.status === 'ACTIVE') {
            expect(
              (await store.list('campaign', accountId, group.id)).length,
              group.data.name,
            ).toBeGreaterThan(0);
          }
        }
      },
    );
  },
);
