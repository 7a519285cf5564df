import { recordActivity } from '../../../src/sandbox/activity.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import type { Owner, TestService } from '../../support/service.ts';

/** The ids a first TikTok advertiser of a database is seeded with (src/sandbox/video/seed.ts). */
export const SEEDED = {
  springLaunch: '1800000000000001',
  alwaysOn: '1800000000000002',
  retargeting: '1800000000000003',
  appInstalls: '1800000000000004',
  holidayTeaser: '1800000000000005',
  winterSale: '1800000000000006',
  runaway: '1800000000000007',
} as const;

export async function videoAccounts(service: TestService, owner: Owner): Promise<AdAccount[]> {
  return listAdAccounts(service.services.storage.db, owner.userId, 'video');
}

/** A call to the TikTok sandbox with the advertiser's own connection token, as the adapter makes it. */
export async function sandboxCall(
  service: TestService,
  account: AdAccount,
  path: string,
  body: Record<string, unknown>,
): Promise<any> {
  const response = await fetch(`${service.url}/sandbox/video/open_api/v1.3${path}`, {
    method: 'POST',
    headers: { 'access-token': await service.accessToken(account), 'content-type': 'application/json' },
    body: JSON.stringify({ advertiser_id: account.account_id, ...body }),
  });
  const answer = (await response.json()) as any;
  if (answer.code !== 0) throw new Error(`TikTok sandbox refused ${path}: ${answer.message}`);
  return answer.data;
}

/**
 * Campaigns put straight into the sandbox (it serves no campaign/create), running on a daily budget
 * since `since`, listed after the advertiser's others in this order.
 */
export async function addRunningCampaigns(
  service: TestService,
  advertiserId: string,
  count: number,
  since: string,
): Promise<string[]> {
  const { db } = service.services.storage;
  const store = new SandboxStore(db, 'video');
  const existing = await store.list('campaign', advertiserId);
  let tick = Math.max(...existing.map((c) => Date.parse(c.createdAt)), 0) + 1;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `19${String(tick).slice(-8)}${String(i).padStart(6, '0')}`;
    const data = {
      campaign_name: `Bulk ${String(i + 1).padStart(2, '0')}`,
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 500,
      operation_status: 'ENABLE',
    };
    await store.put({ type: 'campaign', id, accountId: advertiserId, data }, new Date(tick++));
    await recordActivity(db, 'video', id, since, { active: true, dailyBudgetMicros: 500_000_000 });
    ids.push(id);
  }
  return ids;
}
