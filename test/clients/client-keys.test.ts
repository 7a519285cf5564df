import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignAccounts, createClient } from '../../src/owners/clients.ts';
import { createKey } from '../../src/owners/create-key.ts';
import { narrowKey } from '../../src/owners/narrow-key.ts';
import { OwnerError } from '../../src/owners/owner-error.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findApiKeyById } from '../../src/storage/api-keys.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

/**
 * A key limited to a client acts on the client's accounts as they are at each call: an account assigned
 * later is reachable from the key's next call, one taken out is not; it cannot be narrowed to another
 * client or to accounts of its own choosing.
 */
describe.each(TEST_DIALECTS)('keys limited to a client (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let workspace: User;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    owner = await service.createOwner('pro', ['social', 'video']);
    workspace = (await findUserById(service.services.storage.db, owner.userId)) as User;
  });
  afterAll(() => service.stop());

  it('reaches the accounts of its client, those assigned later too, and no other', async () => {
    const { db } = service.services.storage;
    const [social, video] = ['social', 'video'].map((p) =>
      listAdAccounts(db, owner.userId).then((all) => all.find((a) => a.platform === p)),
    );
    const socialAccount = await social;
    const videoAccount = await video;
    const client = await createClient(db, workspace, 'Acme', new Date());
    await assignAccounts(db, workspace, client, [`social:${socialAccount?.account_id}`]);
    const key = await createKey(service.services, workspace, {
      name: 'acme agent',
      lifetime: 'never',
      limits: { client: 'Acme', scope: 'write' },
    });
    const list = (tool: string) => service.call(tool, {}, { key: key.key });

    expect((await list('list_social_campaigns')).status).toBe(200);
    const refused = await list('list_video_campaigns');
    expect(refused.status).not.toBe(200);
    expect(JSON.stringify(refused.body)).toContain('limited to some accounts');
    const status = await service.call('get_connections_status', {}, { key: key.key });
    expect(JSON.stringify(status.body)).not.toContain(videoAccount?.account_id);

    await assignAccounts(db, workspace, client, [`video:${videoAccount?.account_id}`]);
    expect((await list('list_video_campaigns')).status).toBe(200);

    await assignAccounts(db, workspace, null, [`social:${socialAccount?.account_id}`]);
    expect((await list('list_social_campaigns')).status).not.toBe(200);
    expect((await list('list_video_campaigns')).status).toBe(200);

    // Narrowing keeps the client: another client, or accounts of its own, would be a new key.
    const row = await findApiKeyById(db, key.id);
    if (!row) throw new Error('no key');
    await createClient(db, workspace, 'Other', new Date());
    await expect(narrowKey(db, row, { client: 'Other' })).rejects.toThrow(/limited to its client/);
    await expect(narrowKey(db, row, { client: 'Acme', accounts: ['social'] })).rejects.toThrow(OwnerError);
    const narrowed = await narrowKey(db, row, { scope: 'read' });
    expect(narrowed.clientId).toBe(client.id);
    expect((await list('list_video_campaigns')).status).toBe(200);
  });

  it('refuses a client that is not the workspace’s, and a client with accounts', async () => {
    const limits = (input: Record<string, unknown>) =>
      createKey(service.services, workspace, { name: 'k', lifetime: 'never', limits: input });
    await expect(limits({ client: 'Nobody' })).rejects.toThrow(/not a client of the workspace/);
    await expect(limits({ client: 'Acme', accounts: ['1'] })).rejects.toThrow(
      /a client or accounts, not both/,
    );
  });
});
