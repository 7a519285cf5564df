import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/app/maintenance.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findApproval } from '../../src/storage/approvals.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';

/**
 * An approval nobody decides expires on its own: the maintenance sweep settles it as `expired` a day after
 * it was asked for and emits `approval.decided` once, without waiting for the owner to open it.
 */
describe.each(TEST_DIALECTS)('approvals expiring on their own (%s)', (dialect) => {
  const clock = new TestClock('2026-11-24T10:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
  });
  afterAll(() => service.stop());

  it('are settled expired by the sweep and told once', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const spender = await service.createKeyFor(owner, { scope: 'spend' });
    const { db } = service.services.storage;
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    const campaigns = await service.call(
      'list_video_campaigns',
      { advertiser_id: account?.account_id },
      { key: owner.key },
    );
    const daily = campaigns.body.data.structured.campaigns.find(
      (c: { budget_mode: string }) => c.budget_mode === 'BUDGET_MODE_DAY',
    );
    const asked = await service.call(
      'update_video_campaign',
      { campaign_id: daily.campaign_id, daily_budget: Number(daily.daily_budget) * 100 },
      { key: spender },
    );
    expect(asked.status).toBe(202);
    const id = asked.body.data.structured.approval.id as string;

    await sweepExpired(service.services);
    expect((await findApproval(db, owner.userId, id))?.status).toBe('pending');

    clock.advanceSeconds(25 * 3600);
    await sweepExpired(service.services);
    await sweepExpired(service.services);
    expect((await findApproval(db, owner.userId, id))?.status).toBe('expired');
    const events = await db
      .selectFrom('notification_events')
      .select(['type', 'data'])
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'approval.decided')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.data ?? '{}').approval).toMatchObject({ id, status: 'expired' });
  });
});
