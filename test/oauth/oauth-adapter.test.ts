import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthAdapter } from '../../src/oauth/oauth-adapter.ts';
import { insertOAuthGrant } from '../../src/storage/oauth-grants.ts';
import { deleteExpiredOAuthRecords } from '../../src/storage/oauth-records.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('the OAuth records on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(async () => {
    await service?.stop();
  });

  const adapter = (model: string) => new OAuthAdapter(model, service.services);
  const rawRows = () => service.services.storage.db.selectFrom('oauth_records').selectAll().execute();

  it('keeps no working token and no client secret in the database', async () => {
    const token = 'at_ThisIsTheBearerValueItself_0123456789abcd';
    await adapter('AccessToken').upsert(token, { grantId: 'grant-a', accountId: 'usr_1', exp: 1 }, 900);
    await adapter('Client').upsert(
      'client-a',
      { client_id: 'client-a', client_secret: 'the-secret-0123' },
      undefined,
    );
    const dump = JSON.stringify(await rawRows());
    expect(dump).not.toContain(token);
    expect(dump).not.toContain('the-secret-0123');
    expect(await adapter('AccessToken').find(token)).toMatchObject({
      grantId: 'grant-a',
      accountId: 'usr_1',
    });
    expect(await adapter('Client').find('client-a')).toMatchObject({ client_secret: 'the-secret-0123' });
    expect(await adapter('RefreshToken').find(token)).toBeUndefined();
  });

  it('lets only one of two requests consume a code; the loser revokes the grant', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'grant-b' }, 60);
    await adapter('AccessToken').upsert('token-of-b', { grantId: 'grant-b' }, 900);
    const results = await Promise.allSettled([codes.consume('code-1'), codes.consume('code-1')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.status === 'rejected' && lost.reason).toBeInstanceOf(errors.InvalidGrant);
    expect(await adapter('AccessToken').find('token-of-b')).toBeUndefined();
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('ends the owner’s grant row when the provider revokes a grant, before it answers', async () => {
    const { db } = service.services.storage;
    await insertOAuthGrant(db, {
      id: 'grant-g',
      user_id: 'usr_g',
      client_id: 'client-g',
      client_name: 'App G',
      scope: 'read',
      account_limits: null,
      budget_ceilings: null,
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
    await adapter('RefreshToken').revokeByGrantId('grant-g');
    const row = await db
      .selectFrom('oauth_grants')
      .selectAll()
      .where('id', '=', 'grant-g')
      .executeTakeFirst();
    expect(row?.revoked_at).toEqual(expect.any(String));
  });

  it('marks a consumed record, and forgets an expired one', async () => {
    const tokens = adapter('RefreshToken');
    await tokens.upsert('refresh-1', { grantId: 'grant-c' }, 3600);
    await tokens.consume('refresh-1');
    expect((await tokens.find('refresh-1'))?.consumed).toEqual(expect.any(Number));
    await tokens.upsert('refresh-2', { grantId: 'grant-c' }, -1);
    expect(await tokens.find('refresh-2')).toBeUndefined();
  });

  it('revokes every record of a grant, the grant itself included, and nothing else', async () => {
    await adapter('Grant').upsert('grant-d', { accountId: 'usr_1', clientId: 'c' }, 3600);
    await adapter('AccessToken').upsert('token-d', { grantId: 'grant-d' }, 900);
    await adapter('RefreshToken').upsert('refresh-d', { grantId: 'grant-d' }, 3600);
    await adapter('AccessToken').upsert('token-e', { grantId: 'grant-e' }, 900);
    // A new approval of the same app runs in an interaction naming the old grant: it must outlive it.
    await adapter('Interaction').upsert('interaction-d', { grantId: 'grant-d', uid: 'uid-d' }, 600);
    await adapter('Grant').revokeByGrantId('grant-d');
    expect(await adapter('Interaction').find('interaction-d')).toMatchObject({ uid: 'uid-d' });
    expect(await adapter('Grant').find('grant-d')).toBeUndefined();
    expect(await adapter('AccessToken').find('token-d')).toBeUndefined();
    expect(await adapter('RefreshToken').find('refresh-d')).toBeUndefined();
    expect(await adapter('AccessToken').find('token-e')).toBeDefined();
  });

  it('sweeps records past their lifetime and keeps the others (the maintenance sweep)', async () => {
    await adapter('AccessToken').upsert('swept-token', { grantId: 'grant-f' }, -5);
    await adapter('AccessToken').upsert('kept-token', { grantId: 'grant-f' }, 900);
    await deleteExpiredOAuthRecords(service.services.storage.db, service.services.clock.now());
    const rows = await rawRows();
    expect(rows.filter((row) => row.grant_id === 'grant-f')).toHaveLength(1);
    expect(await adapter('AccessToken').find('kept-token')).toBeDefined();
  });

  it('finds a session by its uid', async () => {
    await adapter('Session').upsert('session-1', { uid: 'uid-1', accountId: 'usr_1' }, 3600);
    expect(await adapter('Session').findByUid('uid-1')).toMatchObject({ accountId: 'usr_1' });
    expect(await adapter('Session').findByUid('uid-2')).toBeUndefined();
  });
});
