import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/fingerprint.ts';
import { META } from '../../src/mcp/meta.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { callTool, connectOverHttp, textOf } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

/**
 * An Idempotency-Key is the owner's, and every key and app of the owner may send it: a replay must never
 * give a caller what it could not have asked for itself. Keys with other limits (accounts, scope,
 * ceilings) get a refusal, not the recorded answer; keys with the same limits get the replay.
 */
describe.each(TEST_DIALECTS)(
  'a replay stays within the limits of the caller that sends it (%s)',
  (dialect) => {
    let service: TestService;
    let owner: Owner;
    let usd: string;
    let eur: string;
    let limited: string;

    beforeAll(async () => {
      service = await TestService.start(dialect);
      owner = await service.createOwner('max', ['social', 'video']);
      ({ usd, eur } = await service.addEuroSocialAccount(owner));
      limited = await service.createKeyFor(owner, { accounts: [{ platform: 'social', accountId: usd }] });
    });
    afterAll(() => service.stop());

    const withKey = (idempotencyKey: string) => ({ 'idempotency-key': idempotencyKey });

    it.each([
      ['list_connected_accounts', {}, () => eur],
      // What it tells of the other account: that the social connection holds two.
      ['get_connections_status', {}, () => '2 accounts'],
      ['get_performance_overview', { date_range: 'LAST_7_DAYS' }, () => eur],
    ])(
      "%s: a key limited to one account does not get another key's answer over every account",
      async (tool, args, foreign) => {
        const idempotencyKey = randomUUID();
        const first = await service.call(tool, args, { key: owner.key, headers: withKey(idempotencyKey) });
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        expect(JSON.stringify(first.body)).toContain(foreign());

        const crossing = await service.call(tool, args, { key: limited, headers: withKey(idempotencyKey) });
        expect([crossing.status, crossing.body.code]).toEqual([422, 'idempotency_key_reused']);
        expect(crossing.body.error).toContain('or by a key or app with other limits');
        expect(crossing.headers.get('idempotent-replayed')).toBeNull();
        expect(JSON.stringify(crossing.body)).not.toContain(foreign());

        // Over MCP, the same key sent in the header: a refusal, not the recorded answer.
        const mcp = await connectOverHttp(service.url, limited, withKey(idempotencyKey));
        try {
          const result = await callTool(mcp, { name: tool, arguments: args });
          expect(result.isError).toBe(true);
          expect(result._meta?.[META.code]).toBe('idempotency_key_reused');
          expect(result._meta?.[META.replayed]).toBeUndefined();
          expect(textOf(result)).not.toContain(foreign());
        } finally {
          await mcp.close();
        }

        // A key with the same limits as the first may replay it: it could have asked the same itself.
        const twin = await service.createKeyFor(owner, {});
        const replayed = await service.call(tool, args, { key: twin, headers: withKey(idempotencyKey) });
        expect(replayed.status).toBe(200);
        expect(replayed.headers.get('idempotent-replayed')).toBe('true');
        expect(replayed.body.data.text).toBe(first.body.data.text);

        // Asked itself, the limited key sees its one account only.
        const own = await service.call(tool, args, { key: limited, headers: withKey(randomUUID()) });
        expect(own.status).toBe(200);
        expect(JSON.stringify(own.body)).not.toContain(foreign());
      },
    );

    it("a write key does not get a spend key's answer to an activation; a read key is refused before the record", async () => {
      const [video] = await listAdAccounts(service.services.storage.db, owner.userId, 'video');
      const campaigns = await new SandboxStore(service.services.storage.db, 'video').list<Json>(
        'campaign',
        video?.account_id ?? '',
      );
      const paused = campaigns.find((c) => c.data.campaign_name === 'App installs test')?.id;
      const args = { campaign_id: paused, operation_status: 'ENABLE' };
      const idempotencyKey = randomUUID();
      const spend = await service.createKeyFor(owner, { scope: 'spend' });
      const enabled = await service.call('update_video_campaign', args, {
        key: spend,
        headers: withKey(idempotencyKey),
      });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

      const write = await service.createKeyFor(owner, { scope: 'write' });
      const byWrite = await service.call('update_video_campaign', args, {
        key: write,
        headers: withKey(idempotencyKey),
      });
      expect([byWrite.status, byWrite.body.code]).toEqual([422, 'idempotency_key_reused']);
      expect(byWrite.headers.get('idempotent-replayed')).toBeNull();

      const read = await service.createKeyFor(owner, { scope: 'read' });
      const byRead = await service.call('update_video_campaign', args, {
        key: read,
        headers: withKey(idempotencyKey),
      });
      expect([byRead.status, byRead.body.code]).toEqual([403, 'insufficient_scope']);

      // Another key with the same limits could have made the change itself: the replay is its.
      const spendAgain = await service.createKeyFor(owner, { scope: 'spend' });
      const replayed = await service.call('update_video_campaign', args, {
        key: spendAgain,
        headers: withKey(idempotencyKey),
      });
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    });

    it('a record written before limits were fingerprinted: a key without an account limit still replays it, a limited key does not', async () => {
      const idempotencyKey = randomUUID();
      const first = await service.call(
        'list_connected_accounts',
        {},
        { key: owner.key, headers: withKey(idempotencyKey) },
      );
      expect(first.status).toBe(200);
      // As the version before wrote it: the call alone, without the caller's limits.
      await service.services.storage.db
        .updateTable('idempotency_records')
        .set({ fingerprint: fingerprint({ arguments: {}, account: null }) })
        .where('user_id', '=', owner.userId)
        .where('key', '=', idempotencyKey)
        .execute();
      const byLimited = await service.call(
        'list_connected_accounts',
        {},
        { key: limited, headers: withKey(idempotencyKey) },
      );
      expect([byLimited.status, byLimited.body.code]).toEqual([422, 'idempotency_key_reused']);
      const byOwnerWide = await service.call(
        'list_connected_accounts',
        {},
        {
          key: await service.createKeyFor(owner, { scope: 'read' }),
          headers: withKey(idempotencyKey),
        },
      );
      expect(byOwnerWide.headers.get('idempotent-replayed')).toBe('true');
      expect(byOwnerWide.body.data.text).toBe(first.body.data.text);
    });

    it('a ceiling is part of the limits: a capped key does not replay an uncapped one', async () => {
      const idempotencyKey = randomUUID();
      const args = { ad_account_id: usd };
      const first = await service.call('list_social_campaigns', args, {
        key: owner.key,
        headers: withKey(idempotencyKey),
      });
      expect(first.status).toBe(200);
      const capped = await service.createKeyFor(owner, { ceilings: { USD: 10_000_000 } });
      const byCapped = await service.call('list_social_campaigns', args, {
        key: capped,
        headers: withKey(idempotencyKey),
      });
      expect([byCapped.status, byCapped.body.code]).toEqual([422, 'idempotency_key_reused']);
      const ordered = await service.createKeyFor(owner, {
        accounts: [
          { platform: 'social', accountId: eur },
          { platform: 'social', accountId: usd },
        ],
      });
      const reversed = await service.createKeyFor(owner, {
        accounts: [
          { platform: 'social', accountId: usd },
          { platform: 'social', accountId: eur },
        ],
      });
      const key = randomUUID();
      expect(
        (await service.call('list_social_campaigns', args, { key: ordered, headers: withKey(key) })).status,
      ).toBe(200);
      const again = await service.call('list_social_campaigns', args, {
        key: reversed,
        headers: withKey(key),
      });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });
  },
);
