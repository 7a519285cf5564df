import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Violation } from './proto-json.ts';
import { failureTypeOf, type GoogleAdsError } from './wire-types.ts';

/** HTTP status to Google's canonical status and its usual message. */
const STATUS = {
  400: { code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    code: 401,
    status: 'UNAUTHENTICATED',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other ' +
      'valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  },
  403: { code: 403, status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: {
    code: 429,
    status: 'RESOURCE_EXHAUSTED',
    message: 'Resource has been exhausted (e.g. check quota).',
  },
  500: { code: 500, status: 'INTERNAL', message: 'Internal error encountered.' },
} as const;

export type GoogleHttpStatus = keyof typeof STATUS;

/** Google's request ids: 22 URL-safe characters. */
export function googleRequestId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

export type FieldPath = Array<{ fieldName: string; index?: number }>;

export function adsError(
  errorCode: Record<string, string>,
  message: string,
  path?: FieldPath,
  details?: GoogleAdsError['details'],
): GoogleAdsError {
  return {
    errorCode,
    message,
    ...(path && { location: { fieldPathElements: path } }),
    ...(details && { details }),
  };
}

/** An error answer: HTTP status, Google's `Status` body, and the request id when Google Ads sends one. */
export interface GoogleErrorAnswer {
  httpStatus: GoogleHttpStatus;
  body: { error: Record<string, unknown> };
  requestId?: string;
}

/** A Google Ads failure: the `Status` with a `GoogleAdsFailure`, its request id also in the `request-id` header. */
export function failureAnswer(
  apiVersion: string,
  httpStatus: GoogleHttpStatus,
  errors: GoogleAdsError[],
): GoogleErrorAnswer {
  const requestId = googleRequestId();
  const status = STATUS[httpStatus];
  return {
    httpStatus,
    requestId,
    body: {
      error: { ...status, details: [{ '@type': failureTypeOf(apiVersion), errors, requestId }] },
    },
  };
}

/** A `Status` without Google Ads details: what Google's front end answers before the API is reached. */
export function statusAnswer(httpStatus: GoogleHttpStatus, message?: string): GoogleErrorAnswer {
  const status = STATUS[httpStatus];
  return {
    httpStatus,
    body: { error: { code: status.code, message: message ?? status.message, status: status.status } },
  };
}

/** What Google's front end answers for a body or query it cannot read into the request message. */
export function badRequestAnswer(violations: Violation[]): GoogleErrorAnswer {
  return {
    httpStatus: 400,
    body: {
      error: {
        code: 400,
        message: violations.map((violation) => violation.description).join('\n'),
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }],
      },
    },
  };
}

/**
 * Sends an error answer; a streaming method (googleAds:searchStream) answers a JSON array of its
 * messages, so its error comes as the array's one element, as Google's REST streams send it.
 */
export function sendError(
  reply: FastifyReply,
  answer: GoogleErrorAnswer,
  shape: 'unary' | 'stream' = 'unary',
): FastifyReply {
  reply.status(answer.httpStatus);
  if (answer.requestId) reply.header('request-id', answer.requestId);
  return reply.send(shape === 'stream' ? [answer.body] : answer.body);
}

/** The failure of a GoogleAdsFailure inside a 200 answer (partial failure). */
export function partialFailure(apiVersion: string, errors: GoogleAdsError[]) {
  return {
    code: 3,
    message: errors.map((error) => error.message).join(', '),
    details: [{ '@type': failureTypeOf(apiVersion), errors, requestId: googleRequestId() }],
  };
}
