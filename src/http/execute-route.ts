import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import { admitCaller } from '../ratelimit/admit.ts';
import { headerValue } from '../web/header-value.ts';
import { callInfo } from '../web/request-info.ts';
import { toEnvelope } from './envelope.ts';
import { requestIdempotencyKey } from './request-idempotency-key.ts';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `POST /api/v1/tools/:tool/execute`: the REST door. It checks the body and the key, then runs the pipeline. */
export function registerExecuteRoute(app: FastifyInstance, services: Services): void {
  app.post<{ Params: { tool: string } }>('/api/v1/tools/:tool/execute', async (request, reply) => {
    const info = callInfo(request);
    const body = request.body;
    if (!isPlainObject(body) || !isPlainObject(body.arguments)) {
      throw new AppError(
        'invalid_body',
        isPlainObject(body)
          ? 'The body needs an "arguments" object holding the tool\'s arguments, like {"arguments": {}}.'
          : 'The body must be a JSON object like {"arguments": {...}} with Content-Type: application/json.',
      );
    }
    const caller = await authenticate(services, request.headers.authorization);
    info.caller = caller;
    const admission = await admitCaller(services.rateLimiter, caller);
    reply.headers(admission.headers);
    // The pipeline answers the rate limit's refusal, unless the call only stops spend.
    const { outcome, replayed } = await executeTool(services, caller, request.params.tool, body.arguments, {
      requestId: request.id,
      mode: {
        kind: 'call',
        rateLimited: admission.rejection,
        idempotencyKey: requestIdempotencyKey(headerValue(request, 'idempotency-key'), body.idempotency_key),
      },
    });
    info.audited = true;
    info.code = outcome.ok ? undefined : outcome.code;
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    if (!outcome.ok && outcome.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
    }
    return reply.status(outcome.status).send(toEnvelope(outcome));
  });
}
