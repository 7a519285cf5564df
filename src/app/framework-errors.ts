import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { toEnvelope } from '../http/envelope.ts';
import { newId } from '../ids.ts';
import { failureOutcome } from '../pipeline/outcome.ts';

/** What a request Node's HTTP parser refused was missing, in words a caller can fix. */
const PARSER_REASONS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: 'the method is not one HTTP/1.1 defines in upper case; the API takes POST',
  HPE_INVALID_VERSION: 'the HTTP version is not 1.0 or 1.1',
  HPE_INVALID_CONTENT_LENGTH: 'the Content-Length header is not a number',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'Content-Length and Transfer-Encoding: chunked were both sent; send one',
  HPE_INVALID_TRANSFER_ENCODING:
    'Transfer-Encoding is not chunked, or was sent with Content-Length: send one of them',
  HPE_INVALID_CHUNK_SIZE: 'a chunk of the chunked body has an invalid size line',
  HPE_INVALID_HEADER_TOKEN:
    'a header name or value holds a character HTTP does not allow (NUL, a control character)',
  HPE_INVALID_URL: 'the request target is not a valid URL path',
};

/** The error a connection-level failure stands for: Node refused the request before Fastify saw it. */
function clientError(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new AppError(
      'headers_too_large',
      'The request headers are larger than the service takes (16 KiB in all). Send fewer or shorter headers.',
    );
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new AppError(
      'request_timeout',
      'The request did not arrive in full in time. Send it again, the whole body at once.',
    );
  }
  const reason = PARSER_REASONS[error.code ?? ''] ?? 'its framing or headers are malformed';
  return new AppError('invalid_request', `The request is not valid HTTP/1.1: ${reason}.`);
}

/** How many times a header was sent (`rawHeaders` alternates names and values). */
function headerCount(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === name) count++;
  return count;
}

/**
 * What Node's parser lets through but the service refuses as malformed HTTP: a request line without a
 * version (Node reads it as HTTP/0.9, whose answer could not even carry a status), an HTTP/1.1 request
 * without Host (RFC 9112, 3.2), two Authorization headers.
 */
export function malformedRequest(request: IncomingMessage): AppError | undefined {
  if (request.httpVersion !== '1.0' && request.httpVersion !== '1.1') {
    const reason =
      request.httpVersion === '0.9'
        ? 'its request line has no HTTP version'
        : `the HTTP version is not 1.0 or 1.1 (got ${request.httpVersion})`;
    return new AppError(
      'invalid_request',
      `The request is not valid HTTP/1.1: ${reason}. Send "METHOD /path HTTP/1.1" and a Host header.`,
    );
  }
  if (request.httpVersion === '1.1' && request.headers.host === undefined) {
    return new AppError('invalid_request', 'HTTP/1.1 requests must send a Host header. Add Host: <server>.');
  }
  // Node keeps the first of two Authorization headers; a proxy may keep the other: refuse the ambiguity.
  if (headerCount(request.rawHeaders, 'authorization') > 1) {
    return new AppError(
      'invalid_request',
      'The request has more than one Authorization header. Send one: Authorization: Bearer sk_live_...',
    );
  }
  return undefined;
}

/** A whole HTTP/1.1 answer written by hand, for a connection whose request never reached a route. */
function rawAnswer(error: AppError, requestId: string): string {
  const body = JSON.stringify(toEnvelope(failureOutcome('', requestId, error)));
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (bad framing, headers too large, a
 * timeout) still gets the error envelope with a request id, and the connection is closed since its
 * stream can no longer be trusted.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(rawAnswer(clientError(error), newId('req')));
  else socket.destroy();
}

/** Fastify's `frameworkErrors`: a URL its router cannot read, as the envelope, not Fastify's shape. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError(
          'uri_too_long',
          'A path segment is longer than any the service serves: tool names have at most 100 characters. ' +
            'Check the tool name (GET /api/v1/openapi.json lists them).',
        )
      : new AppError(
          'invalid_request',
          'The path is not a valid URL: a percent sign must be followed by two hexadecimal digits that ' +
            'encode UTF-8. Percent-encode the path again.',
        );
  return reply
    .status(appError.status)
    .header('X-Request-Id', request.id)
    .send(toEnvelope(failureOutcome('', request.id, appError)));
}

/**
 * Node's `checkExpectation`: an `Expect` other than `100-continue` is answered 417 with the envelope
 * (without it, Node answers an empty 417 itself).
 */
export function answerUnmetExpectation(
  request: { headers: Record<string, string | string[] | undefined> },
  response: {
    writeHead(status: number, headers: Record<string, string | number>): unknown;
    end(body: string): unknown;
  },
): void {
  const requestId = newId('req');
  const error = new AppError(
    'expectation_failed',
    `The service meets no Expect header but 100-continue (got "${String(request.headers.expect).slice(0, 100)}"). ` +
      'Send the request without it.',
  );
  const body = JSON.stringify(toEnvelope(failureOutcome('', requestId, error)));
  response.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
  });
  response.end(body);
}
