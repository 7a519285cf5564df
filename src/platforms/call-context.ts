import type { AdAccount } from '../storage/schema.ts';
import type { PlatformServices } from './platform-services.ts';

/** Ids kept in the audit row: the platform's request ids and the objects the call created. */
export interface CallTrace {
  upstreamRequestIds: string[];
  createdObjectIds: string[];
}

/** What a platform client needs of the call it serves: the shared services, the account, the trace. */
export interface PlatformCallContext {
  services: PlatformServices;
  /** The account the call acts on; null for calls of no platform. */
  account: AdAccount | null;
  trace: CallTrace;
}
