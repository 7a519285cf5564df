import type { FastifyReply } from 'fastify';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { SANDBOX_THROTTLE_SECONDS } from '../faults.ts';
import { graphError } from './graph.ts';

/** The answers of Meta's Graph API that the social emulator refuses with, in Meta's words and codes. */

export type TokenProblem = 'missing' | 'unknown' | 'expired' | 'revoked';

/** Meta's ads-management throttle: HTTP 400, code 80004, the wait in whole minutes in a usage header. */
export function throttle(reply: FastifyReply, businessId: string): FastifyReply {
  const minutes = Math.max(1, Math.ceil(SANDBOX_THROTTLE_SECONDS / 60));
  const usage = {
    [businessId]: [
      {
        type: 'ads_management',
        call_count: 100,
        total_cputime: 12,
        total_time: 14,
        estimated_time_to_regain_access: minutes,
        ads_api_access_tier: 'development_access',
      },
    ],
  };
  return graphError(
    reply,
    400,
    {
      message:
        '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, ' +
        'please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
      type: 'OAuthException',
      code: 80004,
      error_subcode: 2446079,
    },
    { 'x-business-use-case-usage': JSON.stringify(usage) },
  );
}

/**
 * Meta's platform rate limits, in the words it answers them with (code 4: the app's, with X-App-Usage
 * at its ceiling; code 17: the user's), without a stated wait: the window is a rolling hour.
 */
export function platformThrottle(reply: FastifyReply, whose: 'app' | 'user'): FastifyReply {
  const error =
    whose === 'app'
      ? { message: '(#4) Application request limit reached', code: 4 }
      : { message: '(#17) User request limit reached', code: 17 };
  return graphError(
    reply,
    400,
    { ...error, type: 'OAuthException', is_transient: true },
    whose === 'app'
      ? { 'x-app-usage': JSON.stringify({ call_count: 100, total_time: 25, total_cputime: 25 }) }
      : {},
  );
}

export function serverError(reply: FastifyReply): FastifyReply {
  return graphError(reply, 500, {
    message: 'An unexpected error has occurred. Please retry your request later.',
    type: 'OAuthException',
    code: 2,
    is_transient: true,
  });
}

export function tokenError(reply: FastifyReply, reason: TokenProblem, now: Date): FastifyReply {
  switch (reason) {
    case 'missing':
      return graphError(reply, 400, {
        message: 'An access token is required to request this resource.',
        type: 'OAuthException',
        code: 104,
      });
    case 'expired':
      return graphError(reply, 400, {
        message: `Error validating access token: Session has expired. The current time is ${now.toUTCString()}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      });
    case 'revoked':
      return graphError(reply, 400, {
        message: `Error validating access token: The user has not authorized application ${SANDBOX_CLIENT.clientId}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 458,
      });
    default:
      return graphError(reply, 400, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
      });
  }
}

/** The magic account's lapsed session: the same words as a token that expired an hour ago. */
export function sessionExpired(reply: FastifyReply, now: Date): FastifyReply {
  const expired = new Date(now.getTime() - 3_600_000);
  return graphError(reply, 400, {
    message:
      `Error validating access token: Session has expired on ${expired.toUTCString()}. ` +
      `The current time is ${now.toUTCString()}.`,
    type: 'OAuthException',
    code: 190,
    error_subcode: 463,
  });
}

/**
 * Meta's answers when the app requires `appsecret_proof` (Settings > Advanced, "Require App Secret"):
 * a call with a user token and no proof, or a proof that is not the token's HMAC-SHA256 with the secret.
 */
export function proofError(reply: FastifyReply, problem: 'missing' | 'invalid'): FastifyReply {
  return graphError(reply, 400, {
    message:
      problem === 'missing'
        ? 'API calls from the server require an appsecret_proof argument'
        : 'Invalid appsecret_proof provided in the API argument',
    type: 'GraphMethodException',
    code: 100,
  });
}

/** A parameter the endpoint does not take; Meta's reference lists each endpoint's parameters. */
export function invalidParameter(
  reply: FastifyReply,
  name: string,
  accepted: readonly string[],
): FastifyReply {
  return graphError(reply, 400, {
    message: '(#100) Invalid parameter',
    type: 'OAuthException',
    code: 100,
    error_user_title: 'Invalid parameter',
    error_user_msg: `${name} is not a parameter of this endpoint, which takes ${accepted.join(', ')}.`,
  });
}

/** Graph's words for an object the token cannot see, and for a method the object does not support. */
export function unsupportedRequest(reply: FastifyReply, method: string, id: string): FastifyReply {
  return graphError(reply, 400, {
    message:
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due ` +
      'to missing permissions, or does not support this operation. Please read the Graph API documentation at ' +
      'https://developers.facebook.com/docs/graph-api',
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });
}

/** A path Graph cannot route: everything after the first segment it could not resolve. */
export function unknownPath(reply: FastifyReply, components: string): FastifyReply {
  return graphError(reply, 400, {
    message: `Unknown path components: ${components}`,
    type: 'OAuthException',
    code: 2500,
  });
}

export function retiredVersion(reply: FastifyReply, latest: string): FastifyReply {
  return graphError(reply, 400, {
    message: `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${latest}.`,
    type: 'OAuthException',
    code: 2635,
  });
}

export function permissionDenied(reply: FastifyReply): FastifyReply {
  return graphError(reply, 403, {
    message: '(#200) Ad account owner has NOT grant ads_management or ads_read permission',
    type: 'OAuthException',
    code: 200,
  });
}
