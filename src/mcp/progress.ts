import type { ServerContext } from '@modelcontextprotocol/server';

export type CallExtra = ServerContext;

/** The parameters of a progress notification, without the token. */
export interface ProgressParams {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
  _meta?: Record<string, unknown> | undefined;
}

export interface ProgressRelay {
  send(params: ProgressParams): void;
  /** Resolves once every notification is with the transport, so the result cannot overtake one. */
  drained(): Promise<void>;
}

/**
 * Sends `notifications/progress` for the call's `progressToken`, one after the other in the order
 * they were given. Undefined when the call asked for no progress.
 */
export function progressRelay(extra: CallExtra): ProgressRelay | undefined {
  const progressToken = extra.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let queue = Promise.resolve();
  return {
    send({ progress, total, message, _meta }) {
      const params = {
        progressToken,
        progress,
        ...(total !== undefined && { total }),
        ...(message !== undefined && { message }),
        ...(_meta !== undefined && { _meta }),
      };
      queue = queue
        .then(() => extra.mcpReq.notify({ method: 'notifications/progress', params }))
        // A client that went away misses its progress; the call itself still completes and is recorded.
        .catch(() => {});
    },
    drained: () => queue,
  };
}
