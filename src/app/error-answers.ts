import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerChallenge } from '../auth/protected-resource.ts';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { toEnvelope } from '../http/envelope.ts';
import { refusedCaller } from '../pipeline/agents-stopped.ts';
import { failureOutcome, internalFailure } from '../pipeline/outcome.ts';
import { isStorageFault, storageUnavailable } from '../storage/storage-fault.ts';
import { acceptsHtml, sendNotFoundPage } from '../web/not-found-page.ts';
import { callInfo, toolFromPath, toolOfRequest } from '../web/request-info.ts';
import { OPERATOR_PATHS } from './health-routes.ts';

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

/**
 * The paths of the API and of the machines' endpoints: a miss there is answered to a program, with the
 * envelope, even from a browser. The rest of the address space is the console's.
 */
const MACHINE_PATHS = /^\/(api|mcp|oauth|\.well-known|sandbox|docs|console)(\/|$)/;

function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !MACHINE_PATHS.test(path) && !OPERATOR_PATHS.has(path);
}

/**
 * How the service answers what no door answered itself: a thrown error as the API's error envelope, and
 * a path nothing serves as the envelope too, except for a browser asking for a page outside the
 * machines' paths, which gets the console's 404 page. A tool call turned away here gets its audit row.
 */
export function registerErrorAnswers(app: FastifyInstance, services: Services): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) =>
    answerFailure(services, error, request, reply),
  );
  app.setNotFoundHandler((request, reply) => {
    if (isPagePath(request.url) && acceptsHtml(request.headers.accept)) {
      callInfo(request).code = 'not_found';
      return sendNotFoundPage(services, request, reply);
    }
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
}

/**
 * A failure as the API's envelope: an unexpected error as `internal_error`, a database out of reach as 503,
 * a 401 with its `WWW-Authenticate` challenge, and the audit row of a tool call the pipeline never ran.
 */
export async function answerFailure(
  services: Services,
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const tool = toolOfRequest(request);
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
  info.caller ??= refusedCaller(error);
  if (tool && !info.audited) {
    await services.audit.recordRejection({
      requestId: request.id,
      tool,
      caller: info.caller,
      failure,
      latencyMs: reply.elapsedTime,
      now: services.clock.now(),
    });
  }
  // RFC 9110: a 401 names its scheme, so clients such as the MCP inspector show the message; RFC 9728:
  // and where to get a token, so an MCP client can sign its user in with OAuth.
  if (failure.status === 401 && !reply.hasHeader('WWW-Authenticate')) {
    const path = request.url.split('?')[0] === '/mcp' ? '/mcp' : '';
    reply.header(
      'WWW-Authenticate',
      bearerChallenge(services.config, request.headers.authorization !== undefined, path),
    );
  }
  if (failure.retryAfterSeconds !== undefined) reply.header('Retry-After', String(failure.retryAfterSeconds));
  return reply.status(failure.status).send(toEnvelope(failure));
}
