import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { approveChange } from '../../src/owners/approvals.ts';
import { listOAuthGrants } from '../../src/storage/oauth-grants.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { budgetTool } from '../support/fixture-tools.ts';
import type { TestService } from '../support/service.ts';
import { obtainTokens, publicClient, signedInOwner, startOAuthService } from './support/oauth-flow.ts';

/** An approval asked by an OAuth app is applied by the app's grant as it is when the owner approves. */
describe.each(TEST_DIALECTS)('an approval of an app the owner revoked since, on %s', (dialect) => {
  const budget = budgetTool('test_budget');
  let service: TestService;

  beforeAll(async () => {
    service = await startOAuthService(dialect, { extraTools: [budget.tool] });
  });
  afterAll(() => service.stop());

  it('ends failed, says the app was revoked, and writes nothing', async () => {
    const { owner, email } = await signedInOwner(service.url);
    const user = await findUserByEmail(service.services.storage.db, email);
    if (!user) throw new Error('no owner');
    const shop = (await addAccount(service.services, user, { platform: 'social', name: 'Shop' })).account_id;
    const client = await publicClient(service.url);
    const tokens = await obtainTokens(service.url, owner, client, {
      scope: 'spend',
      consent: { scope: 'spend', approval: 'spend' },
    });
    const acted = budget.acted();
    const asked = await service.call(
      'test_budget',
      { activate: true, ad_account_id: shop },
      { key: tokens.access_token },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const [grant] = await listOAuthGrants(service.services.storage.db, user.id);
    // The owner revokes the app under Connected apps, as the console offers.
    const revoked = await owner.submit('/keys', `/keys/apps/${grant?.id}/revoke`, {});
    expect(revoked.status).toBe(303);
    const decision = await approveChange(service.services, user, asked.body.data.structured.approval.id);
    expect(decision.status).toBe('failed');
    expect(JSON.parse(decision.approval.result ?? '{}')).toMatchObject({ code: 'unauthenticated' });
    expect(decision.message).toMatch(/app Test connector that asked for this change was revoked/);
    expect(budget.acted()).toBe(acted);
  });
});
