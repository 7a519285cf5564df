import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { assignAccounts, createClient, limitMember } from '../../src/owners/clients.ts';
import { createKey } from '../../src/owners/create-key.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { inviteAndJoin } from './support/members.ts';

/**
 * An operator limited to a client sees the accounts, keys and changes of that client only, makes keys
 * only for it, and cannot narrow or revoke another client's key; an admin sees and manages every client
 * on /clients.
 */
describe.each(TEST_DIALECTS)('clients in the console (%s)', (dialect) => {
  let service: TestService;
  let admin: ConsoleClient;
  let operator: ConsoleClient;
  let workspace: User;
  let accountA: string;
  let accountB: string;
  let keyB: string;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    service.services.config.appUrl = service.url;
    const { db } = service.services.storage;
    admin = new ConsoleClient(service.url);
    const email = uniqueEmail('agency');
    await admin.signUp(email, PASSWORD);
    await db.updateTable('users').set({ tier: 'pro' }).where('email', '=', email).execute();
    workspace = (await findUserByEmail(db, email)) as User;
    await addAccount(service.services, workspace, { platform: 'social', name: 'Shoes shop' });
    await addAccount(service.services, workspace, { platform: 'video', name: 'Hats channel' });
    const [social, video] = await listAdAccounts(db, workspace.id);
    accountA = social?.account_id ?? '';
    accountB = video?.account_id ?? '';
    const invited = await inviteAndJoin(service.url, admin, 'operator');
    operator = invited.client;
    // The admin groups the accounts on /clients, through the page's own forms.
    expect((await admin.submit('/clients', '/clients', { name: 'Shoes' })).status).toBe(303);
    const shoes = await createClient(db, workspace, 'Hats', new Date());
    const page = (await admin.get('/clients')).text;
    const shoesId = /action="\/clients\/(cli_[^/"]+)\/accounts"/.exec(page)?.[1] ?? '';
    expect(
      (
        await admin.submit('/clients', `/clients/${shoesId}/accounts`, {
          account: `${social?.platform}:${accountA}`,
        })
      ).status,
    ).toBe(303);
    await assignAccounts(db, workspace, shoes, [`${video?.platform}:${accountB}`]);
    await createKey(service.services, workspace, {
      name: 'shoes agent',
      lifetime: 'never',
      limits: { client: 'Shoes' },
    });
    keyB = (
      await createKey(service.services, workspace, {
        name: 'hats agent',
        lifetime: 'never',
        limits: { client: 'Hats' },
      })
    ).id;
    await limitMember(db, workspace, invited.email, [await clientNamed('Shoes')]);
  });
  afterAll(() => service.stop());

  async function clientNamed(name: string) {
    const { findClient } = await import('../../src/storage/clients.ts');
    const client = await findClient(service.services.storage.db, workspace.id, name);
    if (!client) throw new Error(`no client ${name}`);
    return client;
  }

  it('the admin sees both clients and their accounts on /clients', async () => {
    const page = (await admin.get('/clients')).text;
    expect(page).toContain('Shoes shop');
    expect(page).toContain('Hats channel');
    expect(page).toContain('Members limited to clients');
  });

  it('the operator sees only their client’s accounts and keys', async () => {
    // A call of the other client's key, which the operator's pages leave out.
    const hats = await createKey(service.services, workspace, {
      name: 'hats reader',
      lifetime: 'never',
      limits: { client: 'Hats', scope: 'read' },
    });
    expect(
      (await callTool(service.url, hats.key, 'list_video_campaigns', { advertiser_id: accountB })).status,
    ).toBe(200);
    for (const path of ['/keys', '/connections', '/', '/clients', '/usage', '/activity']) {
      const page = await operator.get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toContain('Hats channel');
      expect(page.text, path).not.toContain(accountB);
    }
    const keys = (await operator.get('/keys')).text;
    expect(keys).toContain('shoes agent');
    expect(keys).not.toContain('hats agent');
    expect((await admin.get('/usage')).text).toContain('hats reader');
    expect((await operator.get('/usage')).text).not.toContain('hats reader');
  });

  it('the operator sees and counts only the monitors of their client’s accounts', async () => {
    const hats = await createKey(service.services, workspace, {
      name: 'hats watcher',
      lifetime: 'never',
      limits: { client: 'Hats' },
    });
    const made = await callTool(service.url, hats.key, 'create_monitor', {
      platform: 'video',
      name: 'Hats runaway',
      conditions: [{ metric: 'spend', operator: '>', threshold: 1 }],
      action: 'notify',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const monitorId = made.body.data.structured.monitor.id as string;
    expect((await admin.get('/monitors')).text).toContain('Hats runaway');
    expect((await admin.get('/')).text).toMatch(/\d+ monitors?: /);
    const list = (await operator.get('/monitors')).text;
    expect(list).not.toContain('Hats runaway');
    expect(list).toContain('No monitor yet.');
    expect((await operator.get(`/monitors/${monitorId}`)).status).toBe(404);
    expect((await operator.get('/')).text).toContain('No monitor watches your campaigns yet.');
  });

  it('the operator makes keys only for their client, and cannot touch another client’s', async () => {
    const shoes = await clientNamed('Shoes');
    const hats = await clientNamed('Hats');
    const none = await operator.submit('/keys', '/keys', {
      name: 'no client',
      expires: '30d',
      scope: 'read',
    });
    expect(none.status).toBe(403);
    expect(none.text).toContain('only for your clients');
    const other = await operator.submit('/keys', '/keys', {
      name: 'hats',
      expires: '30d',
      scope: 'read',
      client: hats.id,
    });
    expect(other.status).toBe(403);
    const mine = await operator.follow(
      operator.submit('/keys', '/keys', {
        name: 'mine',
        expires: '30d',
        scope: 'read',
        client: shoes.id,
      }),
    );
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('sk_live_');
    const csrf = csrfTokenOf((await operator.get('/keys')).text);
    const revoke = await operator.post(`/keys/${keyB}/revoke`, { _csrf: csrf });
    expect(revoke.status).toBe(404);
    const narrow = await operator.post(`/keys/${keyB}/narrow`, { _csrf: csrf, scope: 'read' });
    expect(narrow.status).toBe(404);
    const row = await service.services.storage.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyB)
      .executeTakeFirst();
    expect(row?.revoked_at).toBeNull();
    expect(row?.scope).toBe('write');
  });
});
