import type { PlatformCallContext } from '../../platforms/call-context.ts';
import type { PerformanceAnswer, PerformanceQuery } from '../../platforms/performance.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { campaignPerformance } from '../../platforms/search/performance.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';

/**
 * The campaign performance of the Google Ads account `context.account`, read from Google Ads reporting:
 * the search performance tool's reader, and get_performance_overview's for each search account.
 */
export async function readSearchPerformance(
  context: PlatformCallContext,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const account = context.account;
  if (!account) throw new Error('reading performance needs the resolved account');
  const session = await PlatformSession.open(context, searchProtocol);
  return campaignPerformance(new SearchClient(session), account.account_id, account.currency, query);
}
