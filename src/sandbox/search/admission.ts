import type { FastifyRequest } from 'fastify';
import { SANDBOX_DEVELOPER_TOKEN } from '../../platforms/endpoints.ts';
import { bearerToken } from '../access.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import { checkSandboxToken } from '../tokens.ts';
import {
  adsError,
  badRequestAnswer,
  failureAnswer,
  type GoogleErrorAnswer,
  statusAnswer,
} from './google-errors.ts';
import { customerAccess } from './managers.ts';

const MISSING_CREDENTIAL =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or ' +
  'other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

const TOKEN_PROBLEM = {
  unknown: ['OAUTH_TOKEN_INVALID', 'OAuth token in the header is not valid.'],
  expired: ['OAUTH_TOKEN_EXPIRED', 'OAuth token in the header has expired.'],
  revoked: ['OAUTH_TOKEN_REVOKED', 'OAuth token in the header has been revoked.'],
} as const;

/** The system parameters every Google API takes in the query string that change nothing here. */
const SYSTEM_PARAMETERS = new Set(['prettyPrint', '$.xgafv']);

/** A query parameter the method cannot bind, worded as Google's front end words it. */
function unboundParameters(query: Record<string, unknown>): GoogleErrorAnswer | undefined {
  const names = Object.keys(query).filter(
    (name) => !SYSTEM_PARAMETERS.has(name) && !(name === 'alt' && query[name] === 'json'),
  );
  if (names.length === 0) return undefined;
  return badRequestAnswer(
    names.map((name) => ({
      description:
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. ` +
        `Field '${name}' could not be found in request message.`,
    })),
  );
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export type Admission = { ok: true; accountIds: string[] } | { ok: false; answer: GoogleErrorAnswer };

/**
 * Checks a request as Google does before running it: the served version, the query string (every method
 * takes its fields in the body, so only system parameters), the bearer token, the developer token, the
 * customer id, and whether the token (through `login-customer-id` when set) reaches the customer.
 */
export async function admit(
  services: SandboxServices,
  store: SandboxStore,
  request: FastifyRequest,
  customerId: string | undefined,
): Promise<Admission> {
  const served = services.config.platforms.settings.search.apiVersion;
  const refuse = (answer: GoogleErrorAnswer): Admission => ({ ok: false, answer });
  const { version } = request.params as { version?: string };
  if (version !== served)
    return refuse(
      statusAnswer(404, `Google Ads API ${version} is not served here; the sandbox serves ${served}.`),
    );
  const unbound = unboundParameters((request.query ?? {}) as Record<string, unknown>);
  if (unbound) return refuse(unbound);
  const token = bearerToken(request);
  if (!token) return refuse(statusAnswer(401, MISSING_CREDENTIAL));
  const developerToken = header(request, 'developer-token');
  if (!developerToken) {
    return refuse(
      failureAnswer(served, 400, [
        adsError(
          { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' },
          'developer-token parameter is missing.',
        ),
      ]),
    );
  }
  if (developerToken !== SANDBOX_DEVELOPER_TOKEN) {
    const message = 'The developer token is not allowed with the project sent in the request.';
    return refuse(
      failureAnswer(served, 403, [adsError({ authorizationError: 'DEVELOPER_TOKEN_PROHIBITED' }, message)]),
    );
  }
  if (customerId !== undefined && !/^\d{10}$/.test(customerId)) {
    const message = `Invalid customer ID '${customerId}': a customer ID is 10 digits, without dashes.`;
    return refuse(failureAnswer(served, 400, [adsError({ requestError: 'INVALID_CUSTOMER_ID' }, message)]));
  }
  const grant = await checkSandboxToken(services.storage.db, 'search', 'access', token, services.clock.now());
  if (!grant.ok) {
    const [code, message] = TOKEN_PROBLEM[grant.reason];
    return refuse(failureAnswer(served, 401, [adsError({ authenticationError: code }, message)]));
  }
  if (customerId === undefined) return { ok: true, accountIds: grant.accountIds };
  const access = await customerAccess(
    store,
    grant.accountIds,
    customerId,
    header(request, 'login-customer-id'),
  );
  if (!access.ok)
    return refuse(failureAnswer(served, access.httpStatus, [adsError(access.errorCode, access.message)]));
  return { ok: true, accountIds: grant.accountIds };
}
