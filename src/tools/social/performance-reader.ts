import type { PlatformCallContext } from '../../platforms/call-context.ts';
import type { PerformanceAnswer, PerformanceQuery } from '../../platforms/performance.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { readCampaignPerformance } from '../../platforms/social/insights.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';

/** The campaign performance of the context's Meta ad account, from Meta's Insights API. */
export async function readSocialPerformance(
  context: PlatformCallContext,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const account = context.account;
  if (!account) throw new Error('readSocialPerformance needs the resolved ad account');
  const session = await PlatformSession.open(context, socialProtocol);
  return readCampaignPerformance(session, account.account_id, account.currency, query);
}
