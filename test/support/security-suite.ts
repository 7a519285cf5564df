import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { generateApiKey } from '../../src/auth/api-key.ts';
import { createKey } from '../../src/owners.ts';
import { quotaPeriod, tierLimit } from '../../src/pipeline/quota.ts';
import { PLATFORM_INFO, PLATFORMS } from '../../src/platforms/families.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { findUserById } from '../../src/storage/users.ts';
import type { Tool } from '../../src/tools/tool.ts';
import type { Owner, TestService } from './service.ts';

export interface SecurityContext {
  service: TestService;
  /** Has one account on every platform and quota to spend. */
  owner: Owner;
  /** Another owner with accounts of their own. */
  stranger: Owner;
  /** Keys of `owner` that must not work. */
  keys: { expired: string; revoked: string };
}

/** Owners and keys for the suite: call once per service. */
export async function securityContext(service: TestService): Promise<SecurityContext> {
  const owner = await service.createOwner('max', [...PLATFORMS]);
  const stranger = await service.createOwner('max', [...PLATFORMS]);
  const { db } = service.services.storage;
  const user = await findUserById(db, owner.userId);
  if (!user) throw new Error('owner vanished');
  const longAgo = new Date(service.services.clock.now().getTime() - 31 * 86_400_000);
  const expired = await createKey(db, user, 'expired', '30d', longAgo);
  const revoked = await createKey(db, user, 'revoked', 'never', longAgo);
  await revokeApiKey(db, revoked.id, service.services.clock.now());
  return { service, owner, stranger, keys: { expired: expired.key, revoked: revoked.key } };
}

function badKeys(context: SecurityContext): Array<[string, string | undefined]> {
  const unknown = generateApiKey().key;
  const { key } = context.owner;
  const mistyped = key.slice(0, 12) + (key[12] === 'A' ? 'B' : 'A') + key.slice(13);
  return [
    ['missing', undefined],
    ['malformed', 'sk_live_not-a-key'],
    ['bad checksum', mistyped],
    ['unknown', unknown],
    ['expired', context.keys.expired],
    ['revoked', context.keys.revoked],
  ];
}

/** The checks every tool must pass, whatever door it is served through (CONTRACT.md). */
export function securitySuite(tool: Tool, context: () => SecurityContext): void {
  it('answers 401 to a missing, malformed, mistyped, unknown, expired or revoked key', async () => {
    const { service } = context();
    for (const [label, key] of badKeys(context())) {
      const { status, body } = await service.call(tool.name, tool.example, { key });
      expect(status, label).toBe(401);
      expect(body, label).toMatchObject({ success: false, code: 'unauthenticated', tool: tool.name });
      expect(body.error, label).toContain(service.services.config.appUrl);
    }
  });

  if (tool.family) {
    const argument = PLATFORM_INFO[tool.family].accountArgument;
    it(`refuses another owner's ${argument} without using quota`, async () => {
      const { service, owner, stranger } = context();
      const [theirs] = await listAdAccounts(
        service.services.storage.db,
        stranger.userId,
        tool.family ?? undefined,
      );
      const before = await used(service, owner);
      const { status, body } = await service.call(
        tool.name,
        { ...tool.example, [argument]: theirs?.account_id },
        { key: owner.key },
      );
      expect(status).toBe(400);
      expect(body.code).toBe('account_selection_required');
      expect(await used(service, owner)).toBe(before);
    });
  }

  it(
    tool.billable ? 'answers 402 once the quota is used up' : 'still answers when the quota is used up',
    async () => {
      const { service } = context();
      const broke = await service.createOwner('free', [...PLATFORMS]);
      const { config, clock, storage } = service.services;
      await storage.db
        .insertInto('quota_usage')
        .values({ user_id: broke.userId, period: quotaPeriod(clock.now()), used: tierLimit(config, 'free') })
        .execute();
      const { status, body } = await service.call(tool.name, tool.example, { key: broke.key });
      if (tool.billable) {
        expect(status).toBe(402);
        expect(body.code).toBe('quota_exceeded');
        expect(body.quota).toMatchObject({ used: 15, limit: 15, upgrade_url: `${config.appUrl}/billing` });
      } else {
        expect(status).toBe(200);
      }
    },
  );

  it('replays a recorded outcome for a repeated Idempotency-Key', async () => {
    const { service, owner } = context();
    const headers = { 'idempotency-key': randomUUID() };
    const first = await service.call(tool.name, tool.example, { key: owner.key, headers });
    const before = await used(service, owner);
    const second = await service.call(tool.name, tool.example, { key: owner.key, headers });
    expect(second.status).toBe(first.status);
    expect(await used(service, owner)).toBe(before);
    // Recorded (CONTRACT.md): successes and the platform's own rejections; anything else runs again.
    if (first.status === 200 || first.body.code === 'upstream_rejected') {
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body).toEqual(first.body);
    } else {
      expect(second.headers.get('idempotent-replayed')).toBeNull();
    }
  });
}

async function used(service: TestService, owner: Owner): Promise<number> {
  return (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
}
