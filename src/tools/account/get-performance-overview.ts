import { readNetworkPerformance } from '../network/performance-reader.ts';
import { readSearchPerformance } from '../search/performance-reader.ts';
import { readSocialPerformance } from '../social/performance-reader.ts';
import { readVideoPerformance } from '../video/performance-reader.ts';
import { performanceOverviewTool } from './performance-overview.ts';

export const getPerformanceOverview = performanceOverviewTool({
  search: readSearchPerformance,
  network: readNetworkPerformance,
  social: readSocialPerformance,
  video: readVideoPerformance,
});
