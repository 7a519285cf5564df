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

/** A create of one service (Google's validateOnly check of the whole create goes through googleAds:mutate). */
const create = (service: string) => (method: string, path: string) =>
  method === 'POST' && path.endsWith(`/${service}:mutate`);

/** The writes of create_search_campaign, in the order they are sent. */
const WRITES = [
  { step: 'campaign budget', matches: create('campaignBudgets') },
  { step: 'campaign', matches: create('campaigns') },
  { step: 'ad group', matches: create('adGroups') },
  { step: 'keywords', matches: create('adGroupCriteria') },
  { step: 'ad', matches: create('adGroupAds') },
];
const KILL_POINTS = WRITES.flatMap((write) =>
  (['before', 'after'] as const).map((when) => ({ ...write, when })),
);

const LEASE_SECONDS = 1;

/**
 * `adops serve` killed with SIGKILL at each step of create_search_campaign, before the step's request
 * reached Google Ads (the sandbox, in a process of its own behind a proxy) or after Google acted but
 * before the service heard of it; then started again and asked again with the same Idempotency-Key.
 */
describe.each(TEST_DIALECTS)(
  'a Google Ads search campaign create killed at each step and retried, on %s',
  { timeout: 60_000 },
  (dialect) => {
    let database: TestDatabase;
    let env: Record<string, string>;
    let sandbox: ServeProcess;
    let proxy: FaultProxy;
    let storage: Storage;
    let key: string;
    let userId: string;
    let customerId: string;
    let reference: Json;
    let current: ServeProcess | undefined;

    const args = (name: string) => ({
      campaign_name: name,
      daily_budget: 15,
      ad_group_name: 'Trail shoes',
      keywords: [
        { text: 'trail running shoes', match_type: 'PHRASE' },
        { text: 'waterproof trail shoes', match_type: 'EXACT' },
      ],
      final_url: 'https://example.com/trail',
      headlines: ['Trail Running Shoes', 'Free Returns', 'Grip On Any Terrain'],
      descriptions: ['Light, waterproof trail shoes.', 'Order today, free delivery over $50.'],
    });

    async function call(url: string, name: string, idempotencyKey: string) {
      const response = await fetch(`${url}/api/v1/tools/create_search_campaign/execute`, {
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

    /** Everything of the sandbox that carries the call's names: budgets, campaigns, and what is below them. */
    async function sandboxState(name: string) {
      const store = new SandboxStore(storage.db, 'search');
      const budgets = (await store.list<Json>('campaign_budget', customerId)).filter(
        (b) => b.data.name === `${name} budget`,
      );
      const campaigns = (await store.list<Json>('campaign', customerId)).filter((c) => c.data.name === name);
      const groups = (
        await Promise.all(campaigns.map((c) => store.list<Json>('ad_group', customerId, c.id)))
      ).flat();
      const keywords = (
        await Promise.all(groups.map((g) => store.list<Json>('ad_group_criterion', customerId, g.id)))
      ).flat();
      const ads = (await Promise.all(groups.map((g) => store.list<Json>('ad', customerId, g.id)))).flat();
      return { budgets, campaigns, groups, keywords, ads };
    }

    /** An answer with its ids and name replaced by placeholders, to compare two calls' answers. */
    function shape(structured: Json, name: string): Json {
      return {
        ...structured,
        name: structured.name === name ? 'NAME' : structured.name,
        campaign_id: 'ID',
        created: {
          budget_id: 'ID',
          ad_group_id: 'ID',
          keyword_ids: structured.created.keyword_ids.map(() => 'ID'),
          ad_id: 'ID',
        },
        next_steps: structured.next_steps.map((text: string) =>
          text.replaceAll(structured.campaign_id, 'ID'),
        ),
      };
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
      customerId = (
        await adops(['accounts', 'add', '--email', 'crash@example.com', '--platform', 'search'], env)
      ).json.account_id;
      key = (await adops(['keys', 'create', '--email', 'crash@example.com'], env)).json.key;
      sandbox = await adopsServe([], env);
      proxy = await FaultProxy.start(sandbox.url);
      storage = openStorage(database.url);
      current = await serve();
      const clean = await call(current.url, 'Reference', randomUUID());
      expect(clean.status, JSON.stringify(clean.body)).toBe(200);
      reference = clean.body.data.structured;
    });
    afterAll(async () => {
      await current?.stop();
      await proxy?.close();
      await sandbox?.stop();
      await storage?.close();
      await database?.drop();
    });

    it.each(KILL_POINTS)(
      'killed $when the $step request: one of everything, PAUSED, the same answer, one unit',
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
        expect(retried.waitedMs).toBeLessThan((LEASE_SECONDS + 3) * 1000);

        const { budgets, campaigns, groups, keywords, ads } = await sandboxState(name);
        expect(budgets.map((b) => [b.data.status, b.data.explicitlyShared])).toEqual([['ENABLED', false]]);
        expect(campaigns.map((c) => [c.data.status, c.data.budgetId])).toEqual([['PAUSED', budgets[0]?.id]]);
        expect(groups).toHaveLength(1);
        expect(keywords.map((k) => k.data.keyword.text).sort()).toEqual([
          'trail running shoes',
          'waterproof trail shoes',
        ]);
        expect(ads).toHaveLength(1);

        const structured = retried.body.data.structured;
        expect([
          structured.campaign_id,
          structured.created.budget_id,
          structured.created.ad_group_id,
          structured.created.ad_id,
        ]).toEqual([campaigns[0]?.id, budgets[0]?.id, groups[0]?.id, ads[0]?.id]);
        expect(structured.created.keyword_ids.sort()).toEqual(keywords.map((k) => k.data.criterionId).sort());
        expect(shape(structured, name)).toEqual(shape(reference, 'Reference'));

        const after = await quotaUsage(storage.db, userId, period);
        expect(after).toEqual({ used: before.used + 1, held: 0 });
      },
    );
  },
);
