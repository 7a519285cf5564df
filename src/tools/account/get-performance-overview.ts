import type { Platform } from '../../platform-families.ts';
import { readNetworkPerformance } from '../network/performance-reader.ts';
import type { PerformanceReader } from '../reads/performance-tool.ts';
import { readSearchPerformance } from '../search/performance-reader.ts';
import { readSocialPerformance } from '../social/performance-reader.ts';
import { readVideoPerformance } from '../video/performance-reader.ts';
import { performanceOverviewTool } from './performance-overview.ts';

/** Each platform's campaign performance reader: the overview tool's, and the console overview's. */
export const PERFORMANCE_READERS: Record<Platform, PerformanceReader> = {
  search: readSearchPerformance,
  network: readNetworkPerformance,
  social: readSocialPerformance,
  video: readVideoPerformance,
};

export const getPerformanceOverview = performanceOverviewTool(PERFORMANCE_READERS);
