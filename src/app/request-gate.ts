import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { answerFailure } from './error-answers.ts';
import { malformedRequest } from './framework-errors.ts';
import { OPERATOR_PATHS } from './health-routes.ts';

/** Seconds a caller turned away by a drain is asked to wait: by then another instance takes the call. */
const DRAIN_RETRY_AFTER_SECONDS = 1;

/** What a draining service still answers: the sandbox (calls in flight use it) and the operators' paths. */
function servedWhileDraining(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/sandbox/') || OPERATOR_PATHS.has(path);
}

/**
 * The first hook of every request: its id in `X-Request-Id`, malformed HTTP answered before any door sees
 * it, and from the stop signal on, new requests turned away with 503 and every connection closed after
 * its answer.
 */
export function registerRequestGate(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Answered here rather than thrown: a scope's own error handler (console pages, a sandbox's platform
    // shape) must not turn malformed HTTP into one of its pages.
    const malformed = malformedRequest(request.raw);
    if (malformed) return answerFailure(services, malformed, request, reply);
    if (!services.runtime.draining) return;
    reply.header('Connection', 'close');
    if (!servedWhileDraining(request.url)) {
      throw new AppError(
        'service_unavailable',
        `The service is shutting down and did not run this request. Retry in ${DRAIN_RETRY_AFTER_SECONDS} ` +
          'second; another instance will take it.',
        { retryAfterSeconds: DRAIN_RETRY_AFTER_SECONDS },
      );
    }
  });

  // A response already under way when the drain began must not keep its connection open afterwards.
  app.addHook('onSend', async (_request, reply) => {
    if (services.runtime.draining) reply.header('Connection', 'close');
  });
}
