import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { bearerChallenge } from '../auth/protected-resource.ts';
import { registerConsole } from '../console/register.ts';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { registerMcpRoute } from '../mcp/http-route.ts';
import { registerOAuthRoutes } from '../oauth/oauth-routes.ts';
import { rejectionEntry } from '../pipeline/audit-log.ts';
import { failureOutcome, internalFailure } from '../pipeline/outcome.ts';
import { registerSandbox } from '../sandbox/routes.ts';
import { isStorageFault, storageUnavailable } from '../storage/storage-fault.ts';
import { registerContentDecoding } from './content-encoding.ts';
import { toEnvelope } from './envelope.ts';
import { registerExecuteRoute } from './execute-route.ts';
import {
  answerClientError,
  answerFrameworkError,
  answerUnmetExpectation,
  malformedRequest,
} from './framework-errors.ts';
import { OPERATOR_PATHS, registerHealthRoutes } from './health-routes.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { registerOpenApiRoutes } from './openapi-route.ts';
import { callInfo, toolFromPath } from './request-info.ts';

/** Fastify's own request errors (body, size, media type) as the service's errors. */
function fromFrameworkError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return new AppError(
      'payload_too_large',
      'The request body is too large. Send at most the configured body limit.',
    );
  }
  if (status === 415) {
    return new AppError(
      'unsupported_media_type',
      'Send the body as JSON with the header Content-Type: application/json.',
    );
  }
  if (status >= 400 && status < 500) {
    return new AppError(
      'invalid_body',
      `The body is not valid JSON (${error.message}). Send {"arguments": {...}}.`,
    );
  }
  return undefined;
}

/** Seconds a caller turned away by a drain is asked to wait: by then another instance takes the call. */
const DRAIN_RETRY_AFTER_SECONDS = 1;

/** What a draining service still answers: the sandbox (calls in flight use it) and the operators' paths. */
function servedWhileDraining(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/sandbox/') || OPERATOR_PATHS.has(path);
}

/** The HTTP service without `listen`: every answer it gives, the framework's own included, is an envelope. */
export function buildApp(services: Services): FastifyInstance {
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    // One line per request, written by the onResponse hook below, with the request id under our name.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    // A drain answers with the error envelope itself (below), and closes idle connections at once.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Requests refused below the routes still get the envelope (framework-errors.ts); a missing Host is
    // refused by the onRequest hook, with the envelope, rather than by Node with an empty 400.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    http: { requireHostHeader: false },
  });
  app.server.on('checkExpectation', answerUnmetExpectation);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Answered here rather than thrown: a scope's own error handler (console pages, a sandbox's platform
    // shape) must not turn malformed HTTP into one of its pages.
    const malformed = malformedRequest(request.raw);
    if (malformed) return answerFailure(malformed, request, reply);
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

  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const info = callInfo(request);
    request.log.info(
      {
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0],
        tool: toolFromPath(request.url) || undefined,
        status: reply.statusCode,
        code: info.code,
        latency_ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  function answerFailure(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
    const tool = toolFromPath(request.url);
    const storageFault = !(error instanceof AppError) && isStorageFault(error);
    const appError =
      error instanceof AppError ? error : storageFault ? storageUnavailable() : fromFrameworkError(error);
    if (storageFault) {
      services.metrics.storageFault();
      request.log.warn({ err: error }, 'the database failed a request');
    }
    if (!appError) request.log.error({ err: error }, 'request failed unexpectedly');
    const failure = appError
      ? failureOutcome(tool, request.id, appError)
      : internalFailure(tool, request.id, error);
    const info = callInfo(request);
    info.code = failure.code;
    if (tool && !info.audited) {
      services.audit.record(
        rejectionEntry({
          requestId: request.id,
          tool,
          userId: info.caller?.userId ?? null,
          apiKeyId: info.caller?.apiKeyId ?? null,
          oauthClientId: info.caller?.oauth?.clientId ?? null,
          status: failure.status,
          code: failure.code,
          latencyMs: reply.elapsedTime,
          now: services.clock.now(),
        }),
      );
    }
    // RFC 9110: a 401 names its scheme, so clients such as the MCP inspector show the message; RFC 9728:
    // and where to get a token, so an MCP client can sign its user in with OAuth.
    if (failure.status === 401 && !reply.hasHeader('WWW-Authenticate')) {
      const path = request.url.split('?')[0] === '/mcp' ? '/mcp' : '';
      reply.header(
        'WWW-Authenticate',
        bearerChallenge(config, request.headers.authorization !== undefined, path),
      );
    }
    if (failure.retryAfterSeconds !== undefined)
      reply.header('Retry-After', String(failure.retryAfterSeconds));
    return reply.status(failure.status).send(toEnvelope(failure));
  }
  app.setErrorHandler(answerFailure);

  app.setNotFoundHandler((request, reply) => {
    const failure = failureOutcome(
      toolFromPath(request.url),
      request.id,
      new AppError(
        'not_found',
        `Nothing is served at ${request.method} ${request.url.split('?')[0]}. ` +
          'Tools are called with POST /api/v1/tools/<tool_name>/execute.',
      ),
    );
    callInfo(request).code = failure.code;
    return reply.status(404).send(toEnvelope(failure));
  });

  // JSON is the only body the API takes; anything else is a 415, not a string to misread.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerContentDecoding(app);
  registerExecuteRoute(app, services);
  registerSandbox(app, services);
  registerConsole(app, services);
  registerOpenApiRoutes(app, services);
  registerMcpRoute(app, services);
  registerOAuthRoutes(app, services);
  registerHealthRoutes(app, services);
  return app;
}
