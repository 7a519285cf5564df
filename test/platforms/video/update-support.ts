import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import { issueKey } from '../../../src/owners/create-key.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { findUserByEmail } from '../../../src/storage/users.ts';
import type { Owner, TestService } from '../../support/service.ts';

/** A pro owner with a TikTok advertiser and a key with the spend scope, which may enable and raise budgets. */
export async function spendOwner(service: TestService): Promise<Owner> {
  const owner = await service.createOwner('pro', ['video']);
  const { db } = service.services.storage;
  const user = await findUserByEmail(db, owner.email);
  if (!user) throw new Error('no owner');
  const limits = { ...DEFAULT_LIMITS, scope: 'spend' } as const;
  const key = await issueKey(db, user, 'spend', 'never', service.services.clock.now(), limits);
  return { ...owner, key: key.key, keyId: key.id };
}

/** A campaign's spend on one day (`YYYY-MM-DD`) in the TikTok sandbox's own report, as TikTok writes it. */
export async function reportedSpend(
  service: TestService,
  account: AdAccount,
  campaignId: string,
  day: string,
): Promise<string> {
  const accessToken = await service.accessToken(account);
  const url = new URL(`${service.url}/sandbox/video/open_api/v1.3/report/integrated/get/`);
  const params = {
    advertiser_id: account.account_id,
    report_type: 'BASIC',
    data_level: 'AUCTION_CAMPAIGN',
    dimensions: JSON.stringify(['campaign_id']),
    metrics: JSON.stringify(['spend']),
    start_date: day,
    end_date: day,
    filtering: JSON.stringify([
      { field_name: 'campaign_ids', filter_type: 'IN', filter_value: JSON.stringify([campaignId]) },
    ]),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const answer = (await (await fetch(url, { headers: { 'access-token': accessToken } })).json()) as any;
  if (answer.code !== 0) throw new Error(`TikTok sandbox refused the report: ${answer.message}`);
  return answer.data.list[0]?.metrics.spend ?? 'no row';
}
