import type { Services } from '../context.ts';
import type { AdAccount } from '../storage/schema.ts';

/** Ids kept in the audit row: the platform's request ids and the objects the call created. */
export interface CallTrace {
  upstreamRequestIds: string[];
  createdObjectIds: string[];
}

/** What a platform client needs of the call it serves: the shared services, the account, the trace. */
export interface PlatformCallContext {
  services: Services;
  /** The account the call acts on; null for calls of no platform. */
  account: AdAccount | null;
  trace: CallTrace;
}
