import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { SocialClient } from '../../../src/platforms/social/client.ts';
import { SandboxStore, sandboxId } from '../../../src/sandbox/store.ts';
import { listAuditEntries } from '../../../src/storage/audit.ts';
import { findConnection } from '../../../src/storage/connections.ts';
import { listSocialPhotoAccounts } from '../../../src/tools/social/list-social-photo-accounts.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { outputOf } from '../../support/output-schema.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { ownerWithMagicAccount, sessionFor, socialAccounts } from './support.ts';

const TOOL = 'list_social_photo_accounts';

describe.each(TEST_DIALECTS)('list_social_photo_accounts against the social sandbox on %s', (dialect) => {
  let service: TestService;
  const clock = new TestClock(new Date());

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
  });
  afterAll(() => service.stop());

  const connectionStatus = async (owner: Owner) => {
    const [account] = await socialAccounts(service, owner);
    return (await findConnection(service.services.storage.db, account?.connection_id ?? ''))?.status;
  };

  it('lists the seeded accounts usable for ads with their linked pages, and says how to pass one', async () => {
    const owner = await service.createOwner('free', ['social']);
    const [account] = await socialAccounts(service, owner);
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(200);
    const structured = outputOf(listSocialPhotoAccounts, body.data.structured);
    expect(structured.ad_account_id).toBe(account?.account_id);
    expect(structured.photo_accounts.map((a: any) => [a.username, a.linked_page.name])).toEqual([
      ['acme.studio', 'Acme Studio'],
      ['acme.shop', 'Acme Shop'],
    ]);
    expect(structured.photo_accounts[0].id).toMatch(/^\d{17}$/);
    expect(structured.photo_accounts[0].linked_page.id).toMatch(/^\d{15}$/);
    expect(structured.not_usable).toEqual([
      { id: expect.any(String), username: 'acme.archive', missing: 'page_link' },
    ]);
    const text: string = body.data.text;
    expect(text).toContain('@acme.studio');
    expect(text).toContain('"Acme Shop"');
    expect(text).toContain('acme.archive');
    expect(text.trim().split('\n').at(-1)).toBe(
      `To run ads on Instagram as one of them, use its id as the ad's Instagram identity (instagram_user_id in ` +
        `Meta's ad creative, in Ads Manager or the Marketing API), e.g. ${structured.photo_accounts[0].id}.`,
    );
    expect(body.data.quota.used).toBe(1);
    await service.services.audit.flush();
    const [entry] = await listAuditEntries(service.services.storage.db, owner.userId);
    expect(JSON.parse(entry?.upstream_request_ids ?? '[]')).toHaveLength(3);
  });

  it('uses the named account among several, null meaning the only one', async () => {
    const owner = await service.createOwner('free', ['social', 'social']);
    const accounts = await socialAccounts(service, owner);
    const named = await service.call(TOOL, { ad_account_id: accounts[1]?.account_id }, { key: owner.key });
    expect(named.status).toBe(200);
    expect(named.body.data.structured.ad_account_id).toBe(accounts[1]?.account_id);
    const single = await service.createOwner('free', ['social']);
    expect((await service.call(TOOL, { ad_account_id: null }, { key: single.key })).status).toBe(200);
  });

  it('answers an empty list as a success that explains how to authorize an account', async () => {
    const owner = await service.createOwner('free', ['social']);
    const [account] = await socialAccounts(service, owner);
    const store = new SandboxStore(service.services.storage.db, 'social');
    for (const photo of await store.list('photo_account', account?.account_id ?? '')) {
      await store.remove('photo_account', photo.id);
    }
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(200);
    expect(outputOf(listSocialPhotoAccounts, body.data.structured).photo_accounts).toEqual([]);
    expect(body.data.text).toContain('No Instagram account is both authorized for ads');
    expect(body.data.text).toContain('Business Manager');
    expect(body.data.text).toContain(account?.account_id);
    expect(body.data.text.trim().endsWith("Meta's ad creatives take as instagram_user_id.")).toBe(true);
  });

  it('follows paging.next when an ad account has more accounts than a page holds', async () => {
    const owner = await service.createOwner('free', ['social']);
    const [account] = await socialAccounts(service, owner);
    const adAccountId = account?.account_id ?? '';
    const store = new SandboxStore(service.services.storage.db, 'social');
    const start = service.services.clock.now().getTime() + 1000;
    for (let i = 0; i < 30; i++) {
      const now = new Date(start + i);
      const id = `178414${sandboxId(11)}`;
      const data = {
        username: `brand.${String(i).padStart(2, '0')}`,
        name: `Brand ${i}`,
        authorized_for_ads: true,
      };
      await store.put({ type: 'photo_account', id, accountId: adAccountId, data }, now);
      await store.put(
        {
          type: 'page',
          id: sandboxId(15),
          accountId: adAccountId,
          data: { name: `Brand page ${i}`, connected_instagram_account: id },
        },
        now,
      );
    }
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(200);
    const usable = outputOf(listSocialPhotoAccounts, body.data.structured).photo_accounts;
    expect(usable).toHaveLength(32);
    expect(usable.at(-1)).toMatchObject({ username: 'brand.29', linked_page: { name: 'Brand page 29' } });
  });

  it("turns Meta's throttle into 429 with Retry-After from estimated_time_to_regain_access", async () => {
    const owner = await ownerWithMagicAccount(service, 'rate_limited');
    const { status, headers, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(429);
    expect(body.code).toBe('upstream_rate_limited');
    expect(headers.get('retry-after')).toBe('60');
    expect(body.error).toContain('wait 60 seconds');
    expect(body.error).toContain('Meta');
    const usage = await service.call('get_usage_status', {}, { key: owner.key });
    expect(usage.body.data.quota.used).toBe(0);
  });

  it('keeps a throttled account from slowing the others', async () => {
    const limited = await ownerWithMagicAccount(service, 'rate_limited');
    expect((await service.call(TOOL, {}, { key: limited.key })).status).toBe(429);
    const again = await service.call(TOOL, {}, { key: limited.key });
    expect(again.status).toBe(429);
    const other = await service.createOwner('free', ['social']);
    expect((await service.call(TOOL, {}, { key: other.key })).status).toBe(200);
  });

  it('turns a Meta server error into 500, after retrying the read', async () => {
    const owner = await ownerWithMagicAccount(service, 'server_error');
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(500);
    expect(body.code).toBe('upstream_error');
    expect(body.error).toMatch(/^Internal error: UpstreamServerError/);
    expect(body.error).toContain('Nothing was changed');
  });

  it('marks the connection expired on code 190 and asks to reconnect (Meta has no refresh)', async () => {
    const owner = await ownerWithMagicAccount(service, 'token_expired');
    const { status, body } = await service.call(TOOL, {}, { key: owner.key });
    expect(status).toBe(400);
    expect(body.code).toBe('connection_expired');
    expect(body.error).toContain('/connections');
    expect(body.error).toContain('Session has expired');
    expect(await connectionStatus(owner)).toBe('expired');
    const next = await service.call(TOOL, {}, { key: owner.key });
    expect([next.status, next.body.code]).toEqual([400, 'connection_expired']);
  });

  it('marks the connection expired when its 60-day token lapses for real', async () => {
    const owner = await service.createOwner('free', ['social']);
    clock.advanceSeconds(61 * 86_400);
    try {
      const { status, body } = await service.call(TOOL, {}, { key: owner.key });
      expect([status, body.code]).toEqual([400, 'connection_expired']);
      expect(await connectionStatus(owner)).toBe('expired');
    } finally {
      clock.advanceSeconds(-61 * 86_400);
    }
  });

  it("reports Meta's permission error for an ad account the token was not granted", async () => {
    const owner = await service.createOwner('free', ['social']);
    const stranger = await service.createOwner('free', ['social']);
    const [own] = await socialAccounts(service, owner);
    const [foreign] = await socialAccounts(service, stranger);
    if (!own || !foreign) throw new Error('accounts missing');
    // The pipeline never lets this happen; a session on the owner's connection but another ad account does.
    const session = await sessionFor(service, owner, { ...own, account_id: foreign.account_id });
    const failure = await new SocialClient(session).photoAccounts(foreign.account_id).catch((error) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.code).toBe('upstream_rejected');
    expect(failure.message).toBe(
      'Meta Ads (social) rejected the request: Ad account owner has NOT grant ads_management or ads_read permission',
    );
    expect(await connectionStatus(owner)).toBe('active');
  });
});
