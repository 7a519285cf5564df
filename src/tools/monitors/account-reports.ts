import type { PlatformCallContext } from '../../platforms/call-context.ts';
import type { PerformanceAnswer } from '../../platforms/performance.ts';
import type { PerformanceReader } from '../reads/performance-tool.ts';
import { type Days, periodKey, type ReportOf } from './evaluate-rule.ts';

/**
 * The account's campaign reports for one check, each period read once whatever number of monitors ask
 * for it: every campaign of the account, not split by day.
 */
export function accountReports(
  read: PerformanceReader,
  context: PlatformCallContext,
): ReportOf & { reads(): number } {
  const cache = new Map<string, Promise<PerformanceAnswer>>();
  const reportOf = (days: Days) => {
    const key = periodKey(days);
    let answer = cache.get(key);
    if (!answer) {
      answer = read(context, { start: days.start, end: days.end, byDay: false });
      cache.set(key, answer);
    }
    return answer;
  };
  return Object.assign(reportOf, { reads: () => cache.size });
}
