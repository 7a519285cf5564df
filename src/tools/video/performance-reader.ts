import type { PlatformCallContext } from '../../platforms/call-context.ts';
import type { PerformanceAnswer, PerformanceQuery } from '../../platforms/performance.ts';
import { readCampaignPerformance } from '../../platforms/video/performance.ts';
import { openVideoClient } from './video-client.ts';

/** The campaign performance of the context's TikTok advertiser, in its currency. */
export async function readVideoPerformance(
  context: PlatformCallContext,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const account = context.account;
  if (!account) throw new Error('reading performance needs the resolved account');
  const client = await openVideoClient(context);
  return readCampaignPerformance(client, account.account_id, account.currency, query);
}
