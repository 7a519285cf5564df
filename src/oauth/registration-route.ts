import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import type { Services } from '../context.ts';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../json-depth.ts';
import { MemoryRateLimiter } from '../ratelimit/memory-rate-limiter.ts';
import { type OAuthErrorCode, sendOAuthError } from './oauth-error.ts';
import { OAUTH_PATHS } from './oauth-server.ts';
import { handToProvider } from './provider-handover.ts';

/** Dynamic registration is open to anyone: ten clients per address, then one every six minutes. */
const REGISTRATIONS_BURST = 10;
const REGISTRATIONS_PER_SECOND = 1 / 360;

/**
 * The largest registration taken. What MCP clients send is well under 2 KB (a name, a few redirect URIs,
 * grant types, a scope); the bound keeps a flood of registrations from filling the database.
 */
export const MAX_REGISTRATION_BYTES = 16 * 1024;

const FIX_METADATA =
  'Send the client metadata (RFC 7591) as one JSON object with Content-Type: application/json, e.g. ' +
  '{"client_name": "My app", "redirect_uris": ["https://app.example/callback"], "token_endpoint_auth_method": "none"}.';

/** A registration refused before the provider reads it. */
class RegistrationRefused extends Error {
  readonly status: number;
  readonly code: OAuthErrorCode;

  constructor(status: number, code: OAuthErrorCode, description: string) {
    super(description);
    this.status = status;
    this.code = code;
  }
}

/** The registration body as a value, once it is known to be small, shallow and well formed. */
function parseRegistration(text: string): unknown {
  if (text.trim() === '')
    throw new RegistrationRefused(400, 'invalid_request', `The body is empty. ${FIX_METADATA}`);
  // Before any walk of the value (the parser's, the provider's): a deep one overflows the stack.
  if (jsonTextTooDeep(text)) {
    throw new RegistrationRefused(
      400,
      'invalid_client_metadata',
      `The client metadata nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels; no registration ` +
        `field needs more than a few. ${FIX_METADATA}`,
    );
  }
  try {
    // The provider merges the body into the client's properties: a `__proto__` key must not reach it.
    return secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : '';
    if (reason.includes('forbidden prototype property')) {
      throw new RegistrationRefused(
        400,
        'invalid_client_metadata',
        'The client metadata has a "__proto__" key, or a "constructor" key holding a "prototype", which is ' +
          'refused (prototype pollution). Remove it.',
      );
    }
    throw new RegistrationRefused(
      400,
      'invalid_request',
      `The body is not valid JSON${reason ? ` (${reason})` : ''}. ${FIX_METADATA}`,
    );
  }
}

/** Fastify's refusals of the body (size, media type, framing) and ours, as OAuth errors. */
function answerRefusal(
  error: FastifyError | RegistrationRefused,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof RegistrationRefused)
    return sendOAuthError(reply, error.status, error.code, error.message);
  if (error.statusCode === 413) {
    return sendOAuthError(
      reply,
      413,
      'invalid_client_metadata',
      `The registration is larger than ${MAX_REGISTRATION_BYTES} bytes, the most this server takes. Send ` +
        'only the metadata the client needs: client_name, redirect_uris, grant_types, response_types, ' +
        'token_endpoint_auth_method, scope.',
    );
  }
  if (error.statusCode === 415) return sendOAuthError(reply, 400, 'invalid_request', FIX_METADATA);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendOAuthError(
      reply,
      400,
      'invalid_request',
      `The request body could not be read (${error.message}).`,
    );
  }
  // Anything else is the service's own failure: the application's error handler answers it.
  throw error;
}

/**
 * `POST /oauth/register` (RFC 7591), open to anyone: rate limited per address, and its body read and
 * bounded here (size, nesting) before the provider, which is handed the parsed value (it takes a body
 * already read from `req.body`, and then logs once that it did).
 */
export function registerRegistrationRoute(app: FastifyInstance, services: Services): void {
  const registrations = new MemoryRateLimiter(REGISTRATIONS_PER_SECOND, REGISTRATIONS_BURST);

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      async (_request: FastifyRequest, body: string | Buffer) => parseRegistration(String(body)),
    );
    scope.setErrorHandler(answerRefusal);

    scope.post(
      OAUTH_PATHS.registration,
      {
        bodyLimit: MAX_REGISTRATION_BYTES,
        // Counted before the body is read: a refused attempt costs the sender as much as a good one.
        onRequest: async (request, reply) => {
          const decision = await registrations.take(request.ip);
          if (decision.allowed) return;
          reply.header('Retry-After', String(decision.retryAfterSeconds));
          return sendOAuthError(
            reply,
            429,
            'rate_limited',
            `Too many client registrations from this address. Retry after ${decision.retryAfterSeconds} ` +
              'seconds, or reuse the client you registered.',
          );
        },
      },
      async (request, reply) => {
        if (request.body === undefined) throw new RegistrationRefused(400, 'invalid_request', FIX_METADATA);
        // The stream is spent: oidc-provider then takes `req.body` (lib/shared/selective_body.js).
        Object.assign(request.raw, { body: request.body });
        await handToProvider(services, request, reply, OAUTH_PATHS.registration);
      },
    );
  });
}
