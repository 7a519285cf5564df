import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { OwnerError } from '../../src/owners/owner-error.ts';
import { disconnect } from '../../src/platforms/oauth-flow.ts';
import { SandboxOwnershipError } from '../../src/sandbox/ownership.ts';
import { issueSandboxToken, type SandboxTokenKind } from '../../src/sandbox/tokens.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findUserById } from '../../src/storage/users.ts';
import { adops } from '../support/cli.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TEST_ENCRYPTION_KEYS, TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)(
  'sandbox accounts connected by the operator on %s',
  { timeout: 60_000 },
  (dialect) => {
    let service: TestService;
    let ann: Owner;
    let bob: Owner;
    let annAccount: string;

    beforeAll(async () => {
      service = await TestService.start(dialect);
      ann = await service.createOwner('pro', ['social']);
      bob = await service.createOwner('pro', ['social']);
      annAccount =
        (await listAdAccounts(service.services.storage.db, ann.userId, 'social'))[0]?.account_id ?? '';
    });
    afterAll(() => service.stop());

    const tokenCount = async () =>
      Number(
        (
          await service.services.storage.db
            .selectFrom('sandbox_tokens')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('issues no sandbox token, code or refresh token covering another owner’s account', async () => {
      const bobAccount = (await listAdAccounts(service.services.storage.db, bob.userId, 'social'))[0]
        ?.account_id;
      const before = await tokenCount();
      for (const kind of ['access', 'refresh', 'code'] as SandboxTokenKind[]) {
        for (const accountIds of [[annAccount], [bobAccount ?? '', annAccount], ['act_1234']]) {
          await expect(
            issueSandboxToken(
              service.services.storage.db,
              'social',
              kind,
              { userId: bob.userId, accountIds },
              new Date(),
            ),
          ).rejects.toBeInstanceOf(SandboxOwnershipError);
        }
      }
      expect(await tokenCount()).toBe(before);
    });

    it('refuses `accounts add` with another owner’s account id, in process and from the CLI', async () => {
      const user = await findUserById(service.services.storage.db, bob.userId);
      if (!user) throw new Error('no user');
      const before = await tokenCount();
      const refused = await addAccount(service.services, user, {
        platform: 'social',
        accountId: annAccount,
      }).catch((error) => error);
      expect(refused).toBeInstanceOf(OwnerError);
      expect(refused.message).toBe(
        `The Meta Ads (social) sandbox account ${annAccount} belongs to another owner: an owner can connect only the sandbox accounts they created.`,
      );
      const cli = await adops(
        ['accounts', 'add', '--email', bob.email, '--platform', 'social', '--account-id', annAccount],
        { ADOPS_DATABASE_URL: service.database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS },
      );
      expect(cli.code).toBe(1);
      expect(cli.json.error).toContain('belongs to another owner');
      const bobs = (await listAdAccounts(service.services.storage.db, bob.userId, 'social')).map(
        (a) => a.account_id,
      );
      expect(bobs).not.toContain(annAccount);
      expect(await tokenCount()).toBe(before);
      // Bob's agents still reach only his account; Ann's is not among his choices.
      const listed = await service.call('list_connected_accounts', { platform: 'social' }, { key: bob.key });
      expect(JSON.stringify(listed.body)).not.toContain(annAccount);
    });

    it('lets the owner connect her own account again after disconnecting it, with its objects', async () => {
      const { db } = service.services.storage;
      const [account] = await listAdAccounts(db, ann.userId, 'social');
      expect(await disconnect(service.services, ann.userId, account?.connection_id ?? '')).toBe(true);
      const user = await findUserById(db, ann.userId);
      if (!user) throw new Error('no user');
      await addAccount(service.services, user, { platform: 'social', accountId: annAccount });
      const listed = await service.call('list_social_photo_accounts', {}, { key: ann.key });
      expect(listed.status).toBe(200);
      expect(listed.body.data.structured.photo_accounts).toHaveLength(2);
    });
  },
);
