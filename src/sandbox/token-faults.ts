import type { FastifyReply } from 'fastify';
import { magicFault, SANDBOX_THROTTLE_SECONDS, slowDown } from './faults.ts';

/**
 * The magic refresh tokens of the sandbox token endpoints (docs/platforms.md, "Sandbox"), so a test can make a
 * token refresh fail the way a platform's token endpoint does: `sandbox_server_error` answers 503,
 * `sandbox_rate_limited` 429 (with `Retry-After` where the platform states one), `sandbox_slow` waits
 * 10 s and then goes on (the magic value is no real token, so that ends in `invalid_grant`). Returns
 * true when the answer was sent.
 */
export async function answerTokenFault(
  reply: FastifyReply,
  refreshToken: string | undefined,
  options: { statesRetryAfter: boolean },
): Promise<boolean> {
  switch (magicFault(refreshToken)) {
    case 'server_error':
      reply.status(503).send({
        error: 'temporarily_unavailable',
        error_description: 'The service is currently unavailable. Try again later.',
      });
      return true;
    case 'rate_limited':
      if (options.statesRetryAfter) reply.header('retry-after', String(SANDBOX_THROTTLE_SECONDS));
      reply.status(429).send({
        error: 'rate_limit_exceeded',
        error_description: 'Too many token requests for this client.',
      });
      return true;
    case 'slow':
      await slowDown();
      return false;
    default:
      return false;
  }
}
