import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('the multi-account rule on %s', (dialect) => {
  const probe = probeTool('test_social_probe', 'social');
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { extraTools: [probe.tool] });
  });
  afterAll(() => service.stop());

  const accountsOf = async (userId: string) =>
    (await listAdAccounts(service.services.storage.db, userId, 'social')).map((a) => a.account_id);

  it('uses the only account when none is named', async () => {
    const owner = await service.createOwner('free', ['social']);
    const [only] = await accountsOf(owner.userId);
    const { status, body } = await service.call('test_social_probe', {}, { key: owner.key });
    expect(status).toBe(200);
    expect(body.data.structured.account_id).toBe(only);
  });

  it('wants the id when several are connected, and uses the one named', async () => {
    const owner = await service.createOwner('free', ['social', 'social']);
    const ids = await accountsOf(owner.userId);
    const runs = probe.runs();
    const missing = await service.call('test_social_probe', {}, { key: owner.key });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('account_selection_required');
    expect(missing.body.structured_content.accounts.map((a: any) => a.account_id).sort()).toEqual(
      [...ids].sort(),
    );
    expect(probe.runs()).toBe(runs);
    const chosen = await service.call('test_social_probe', { ad_account_id: ids[1] }, { key: owner.key });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.structured.account_id).toBe(ids[1]);
  });

  it("never lets another owner's account reach a handler or use quota", async () => {
    const mallory = await service.createOwner('free', ['social']);
    const victim = await service.createOwner('free', ['social']);
    const [victimAccount] = await accountsOf(victim.userId);
    const runs = probe.runs();
    const { status, body } = await service.call(
      'test_social_probe',
      { ad_account_id: victimAccount },
      { key: mallory.key },
    );
    expect(status).toBe(400);
    expect(body.code).toBe('account_selection_required');
    expect(body.structured_content.accounts.map((a: any) => a.account_id)).not.toContain(victimAccount);
    expect(probe.runs()).toBe(runs);
    expect((await service.call('get_usage_status', {}, { key: mallory.key })).body.data.quota.used).toBe(0);
  });

  it('tells an owner with no account on the platform where to connect one', async () => {
    const owner = await service.createOwner('free', ['search']);
    const { status, body } = await service.call('test_social_probe', {}, { key: owner.key });
    expect(status).toBe(400);
    expect(body.code).toBe('account_not_connected');
    expect(body.error).toContain('/connections');
  });
});
