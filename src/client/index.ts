// The adops client: `import { AdopsClient } from 'adops/client'`. It depends on nothing but the platform's
// fetch, crypto.randomUUID and AbortSignal (Node 20+, Deno, Bun, browsers).
export type * from './api-types.generated.ts';
export type { CallOptions, ToolCallResult } from './call-types.ts';
export { AdopsClient, type AdopsClientOptions, DEFAULT_BASE_URL } from './client.ts';
export {
  AdopsApiError,
  AdopsAuthenticationError,
  AdopsConflictError,
  AdopsError,
  AdopsInvalidRequestError,
  AdopsNetworkError,
  AdopsNotFoundError,
  AdopsPermissionError,
  AdopsQuotaError,
  AdopsRateLimitError,
  AdopsServerError,
} from './errors.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.ts';
