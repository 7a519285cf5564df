import type { Platform } from '../platform-families.ts';
import type { ConnectProtocol } from './connect-protocol.ts';
import { networkConnect } from './network/connect.ts';
import { searchConnect } from './search/connect.ts';
import { socialConnect } from './social/connect.ts';
import { videoConnect } from './video/connect.ts';

/** Each platform's OAuth connect flow. */
export const CONNECT_PROTOCOLS: Record<Platform, ConnectProtocol> = {
  search: searchConnect,
  network: networkConnect,
  social: socialConnect,
  video: videoConnect,
};
