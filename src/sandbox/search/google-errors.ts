import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { type GoogleAdsError, googleAdsFailureType } from '../../platforms/search/types.ts';

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

/** A Google Ads failure as the `Status` body Google sends, its request id also in the `request-id` header. */
export function sendFailure(
  reply: FastifyReply,
  apiVersion: string,
  httpStatus: GoogleHttpStatus,
  errors: GoogleAdsError[],
): FastifyReply {
  const requestId = googleRequestId();
  const status = STATUS[httpStatus];
  return reply
    .status(httpStatus)
    .header('request-id', requestId)
    .send({
      error: {
        ...status,
        details: [{ '@type': googleAdsFailureType(apiVersion), errors, requestId }],
      },
    });
}

/** A `Status` without Google Ads details: what Google's front end answers before the API is reached. */
export function sendStatus(
  reply: FastifyReply,
  httpStatus: GoogleHttpStatus,
  message?: string,
): FastifyReply {
  const status = STATUS[httpStatus];
  return reply
    .status(httpStatus)
    .send({ error: { code: status.code, message: message ?? status.message, status: status.status } });
}

/** The failure of a GoogleAdsFailure inside a 200 answer (partial failure). */
export function partialFailure(apiVersion: string, errors: GoogleAdsError[]) {
  return {
    code: 3,
    message: errors.map((error) => error.message).join(', '),
    details: [{ '@type': googleAdsFailureType(apiVersion), errors, requestId: googleRequestId() }],
  };
}
