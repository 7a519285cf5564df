import { authenticate } from '../auth/authenticate.ts';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { refusedCaller } from '../pipeline/agents-stopped.ts';
import { admitCaller } from '../ratelimit/admit.ts';
import type { Admission, McpDoor } from './door.ts';

/**
 * The door of a local stdio server, which holds one API key for its whole life. The key is checked
 * again on every call, so a revoked or expired key stops working at once, as it does over HTTP, and
 * every call takes a token of the key's rate limit, as every HTTP request does.
 */
export function stdioDoor(services: Services, apiKey: string): McpDoor {
  const authorization = `Bearer ${apiKey}`;
  return {
    nextRequestId: () => newId('req'),
    async admit(): Promise<Admission> {
      let caller: Awaited<ReturnType<typeof authenticate>>;
      try {
        caller = await authenticate(services, authorization);
      } catch (error) {
        if (error instanceof AppError) return { caller: refusedCaller(error) ?? null, rejection: error };
        throw error;
      }
      const admission = await admitCaller(services.rateLimiter, caller);
      return admission.rejection ? { caller, rejection: admission.rejection } : { caller };
    },
    // Checked again each time, like a call: a key narrowed meanwhile lists fewer tools at once.
    lister: () => authenticate(services, authorization),
    takesProgress: true,
  };
}
