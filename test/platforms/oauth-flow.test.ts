import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishConnect, startConnect } from '../../src/platforms/oauth-flow.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { findConnection, readConnectionTokens, setConnectionStatus } from '../../src/storage/connections.ts';
import { consent, serveConsoleHere } from '../support/consent.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('connecting a platform through OAuth on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  it('runs the whole flow over HTTP: consent page, code, exchange, accounts, encrypted tokens', async () => {
    const owner = await service.createOwner('pro');
    const authorizeUrl = startConnect(service.services, owner.userId, 'video');
    expect(authorizeUrl.startsWith(`${service.url}/sandbox/video/oauth/authorize?app_id=`)).toBe(true);
    const back = await consent(service, owner.userId, authorizeUrl, 'approve');
    expect(back.toString().startsWith(`${service.services.config.appUrl}/connections/video/callback`)).toBe(
      true,
    );
    const code = back.searchParams.get('auth_code') ?? '';
    expect(code).toMatch(/^sbx_video_code_/);

    const { connection, accounts } = await finishConnect(service.services, owner.userId, 'video', {
      code,
      state: back.searchParams.get('state') ?? undefined,
    });
    expect(connection).toMatchObject({ platform: 'video', mode: 'sandbox', status: 'active' });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ name: 'Launch account', currency: 'USD' });

    const listed = await service.call('list_connected_accounts', { platform: 'video' }, { key: owner.key });
    expect(listed.body.data.structured.accounts[0].account_id).toBe(accounts[0]?.account_id);
    const [campaign] = await new SandboxStore(service.services.storage.db, 'video').list(
      'campaign',
      accounts[0]?.account_id ?? '',
    );
    const update = await service.call(
      'update_video_campaign',
      { campaign_id: campaign?.id, name: 'Via OAuth' },
      { key: owner.key },
    );
    expect(update.status).toBe(200);

    const row = await findConnection(service.services.storage.db, connection.id);
    const tokens = row && readConnectionTokens(service.services.cipher, row);
    expect(tokens?.accessToken).toMatch(/^sbx_video_access_/);
    expect(row?.access_token).not.toContain(tokens?.accessToken ?? 'x');
    // The code is single use.
    await expect(
      finishConnect(service.services, owner.userId, 'video', {
        code,
        state: back.searchParams.get('state') ?? undefined,
      }),
    ).rejects.toThrow(/refused the connection: auth_code is invalid/);
  });

  it('reconnects an expired connection to the same accounts', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const [listed] = (await service.call('list_connected_accounts', {}, { key: owner.key })).body.data
      .structured.accounts;
    const connection = await service.services.storage.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    await setConnectionStatus(service.services.storage.db, connection.id, 'expired', new Date());
    const back = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'video', [listed.account_id]),
      'approve',
    );
    const result = await finishConnect(service.services, owner.userId, 'video', {
      code: back.searchParams.get('auth_code') ?? undefined,
      state: back.searchParams.get('state') ?? undefined,
    });
    expect(result.connection.id).toBe(connection.id);
    expect(result.accounts.map((a) => a.account_id)).toEqual([listed.account_id]);
    const health = await service.call('get_connections_status', {}, { key: owner.key });
    expect(health.body.data.structured.platforms.find((p: any) => p.platform === 'video').status).toBe(
      'active',
    );
  });

  it('refuses a token ciphertext copied into another connection row', async () => {
    const ann = await service.createOwner('pro', ['video']);
    const bob = await service.createOwner('pro', ['video']);
    const { db } = service.services.storage;
    const [annRow, bobRow] = await Promise.all(
      [ann, bob].map((o) =>
        db.selectFrom('connections').selectAll().where('user_id', '=', o.userId).executeTakeFirstOrThrow(),
      ),
    );
    if (!annRow || !bobRow) throw new Error('no connections');
    await db
      .updateTable('connections')
      .set({ access_token: annRow.access_token })
      .where('id', '=', bobRow.id)
      .execute();
    const moved = await findConnection(db, bobRow.id);
    expect(() => moved && readConnectionTokens(service.services.cipher, moved)).toThrow(/another row/);
    const call = await service.call(
      'update_video_campaign',
      { campaign_id: '123', name: 'x' },
      { key: bob.key },
    );
    expect(call.status).toBe(400);
    expect(call.body.code).toBe('connection_expired');
  });

  it("connects no account of another owner's code slipped into an owner's callback", async () => {
    const ann = await service.createOwner('pro');
    const bob = await service.createOwner('pro');
    const annStart = new URL(startConnect(service.services, ann.userId, 'video'));
    const bobBack = await consent(
      service,
      bob.userId,
      startConnect(service.services, bob.userId, 'video'),
      'approve',
    );
    await expect(
      finishConnect(service.services, ann.userId, 'video', {
        code: bobBack.searchParams.get('auth_code') ?? undefined,
        state: annStart.searchParams.get('state') ?? undefined,
      }),
    ).rejects.toThrow(/granted accounts that are not yours/);
    const listed = await service.call('list_connected_accounts', {}, { key: ann.key });
    expect(listed.body.data.structured.accounts).toEqual([]);
  });

  it("refuses a denied consent and another owner's state", async () => {
    const owner = await service.createOwner('pro');
    const intruder = await service.createOwner('pro');
    const denied = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'video'),
      'deny',
    );
    expect(denied.searchParams.get('error')).toBe('access_denied');
    await expect(
      finishConnect(service.services, owner.userId, 'video', {
        error: 'access_denied',
        state: denied.searchParams.get('state') ?? undefined,
      }),
    ).rejects.toThrow(/did not grant access/);
    const back = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'video'),
      'approve',
    );
    await expect(
      finishConnect(service.services, intruder.userId, 'video', {
        code: back.searchParams.get('auth_code') ?? undefined,
        state: back.searchParams.get('state') ?? undefined,
      }),
    ).rejects.toThrow(/belongs to someone else/);
  });
});
