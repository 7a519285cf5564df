import type { Caller } from '../caller.ts';
import type { AppError } from '../errors.ts';

/** Who may make a tools/call: the caller, or the error the call is answered with instead (401, 429). */
export type Admission =
  | { caller: Caller; rejection?: undefined }
  | { caller: Caller | null; rejection: AppError };

/**
 * What a transport (HTTP, stdio) tells the MCP server about the calls it carries. Authentication and the
 * rate limit stay with the transport, which applies the service's own `authenticate` and `admitCaller`.
 */
export interface McpDoor {
  /** The request id of the next tools/call: its audit row, its log line and its result's `_meta`. */
  nextRequestId(): string;
  admit(): Promise<Admission>;
  /** The caller of a tools/list, authenticated as for a call: it is shown only the tools it may use. */
  lister(): Promise<Caller>;
  /** An `Idempotency-Key` the transport carries, like the HTTP header; a call's own `_meta` key wins. */
  idempotencyKey?: string | undefined;
  /** False for an HTTP client that takes no event stream: its calls send no progress before the result. */
  takesProgress: boolean;
}
