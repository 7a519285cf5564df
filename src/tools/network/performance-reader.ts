import type { PlatformCallContext } from '../../platforms/call-context.ts';
import { NetworkClient } from '../../platforms/network/client.ts';
import { readCampaignPerformance } from '../../platforms/network/performance.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import type { PerformanceAnswer, PerformanceQuery } from '../../platforms/performance.ts';
import { PlatformSession } from '../../platforms/session.ts';

/**
 * The campaign performance of the LinkedIn account `context.account`, from adAnalytics: what
 * get_network_campaign_performance reports, and what get_performance_overview reads once per account.
 */
export async function readNetworkPerformance(
  context: PlatformCallContext,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const account = context.account;
  if (!account) throw new Error('a network performance read needs the resolved account');
  const session = await PlatformSession.open(context, networkProtocol);
  return readCampaignPerformance(new NetworkClient(session), query, account.currency);
}
