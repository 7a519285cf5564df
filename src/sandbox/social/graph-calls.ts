import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxRoot } from '../../platforms/endpoints.ts';
import { sandboxLatency, slowDown } from '../faults.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { SandboxStore } from '../store.ts';
import { checkSandboxToken } from '../tokens.ts';
import { graphError } from './graph.ts';
import { magicAccountFault } from './magic-accounts.ts';
import {
  invalidParameter,
  permissionDenied,
  platformThrottle,
  proofError,
  retiredVersion,
  serverError,
  sessionExpired,
  throttle,
  tokenError,
  unknownPath,
  unsupportedRequest,
} from './refusals.ts';
import {
  accessTokenOf,
  bodyParameters,
  EDGE_PARAMETERS,
  parametersOf,
  proofProblem,
  type Query,
  unknownParameter,
} from './request.ts';
import { marketingVersion, upgradeWarning } from './versions.ts';

export interface VersionRequest {
  Params: { version: string };
}

export interface EdgeRequest {
  Params: { version: string; node: string };
}

/** A call the emulator let through: its parameters, the token's grant, and the time it is answered at. */
export interface Admitted {
  query: Query;
  accessToken: string;
  accountIds: string[];
  now: Date;
}

/** What every resource of the social emulator answers through. */
export interface GraphCalls {
  services: SandboxServices;
  store: SandboxStore;
  /**
   * What Graph checks before it looks at the object, in its order: the version (an expired one is
   * served as the oldest live version, with Meta's warning header), the token, the app secret proof,
   * then the parameters (`accepted`: the endpoint's own, as its reference lists them; a write's `body`
   * fields count as parameters, as Graph reads them). Answers and returns undefined when the call may
   * not go on.
   */
  admit(
    request: FastifyRequest<VersionRequest>,
    reply: FastifyReply,
    path: string,
    accepted?: readonly string[],
    body?: unknown,
  ): Promise<Admitted | undefined>;
  /**
   * An ad account edge: admitted, then the magic account's fault (before anything else about the
   * account, as a throttle is), then the account's existence and the token's grant on it.
   */
  adAccountCall(
    request: FastifyRequest<EdgeRequest>,
    reply: FastifyReply,
    edge: string,
    accepted?: readonly string[],
    body?: unknown,
  ): Promise<Admitted | undefined>;
  /**
   * The magic ad account's fault, for a call on one of its objects as on the account itself: answers
   * and returns false when there is one that stops the call.
   */
  passesFault(reply: FastifyReply, adAccountId: string, now: Date): Promise<boolean>;
  /** The absolute URL of a path of this version, as paging links name it. */
  url(request: FastifyRequest<VersionRequest>, path: string): string;
}

export function graphCalls(services: SandboxServices): GraphCalls {
  const store = new SandboxStore(services.storage.db, 'social');

  async function admit(
    request: FastifyRequest<VersionRequest>,
    reply: FastifyReply,
    path: string,
    accepted: readonly string[] = EDGE_PARAMETERS,
    body?: unknown,
  ): Promise<Admitted | undefined> {
    await sandboxLatency(services);
    const now = services.clock.now();
    const { version } = request.params;
    const verdict = marketingVersion(version, now);
    if (!verdict.ok) {
      if (verdict.reason === 'retired') retiredVersion(reply, verdict.latest);
      else unknownPath(reply, path);
      return undefined;
    }
    if (verdict.upgradedTo)
      reply.header('x-ad-api-version-warning', upgradeWarning(version, verdict.upgradedTo));
    const query = parametersOf(request.query, bodyParameters(body));
    const accessToken = accessTokenOf(request, query);
    if (!accessToken) {
      tokenError(reply, 'missing', now);
      return undefined;
    }
    const check = await checkSandboxToken(services.storage.db, 'social', 'access', accessToken, now);
    if (!check.ok) {
      tokenError(reply, check.reason, now);
      return undefined;
    }
    const proof = proofProblem(accessToken, query.appsecret_proof);
    if (proof) {
      proofError(reply, proof);
      return undefined;
    }
    const unknown = unknownParameter(query, accepted);
    if (unknown) {
      invalidParameter(reply, unknown, accepted);
      return undefined;
    }
    return { query, accessToken, accountIds: check.accountIds, now };
  }

  async function passesFault(reply: FastifyReply, adAccountId: string, now: Date): Promise<boolean> {
    switch (magicAccountFault(adAccountId)) {
      case 'rate_limited':
        throttle(reply, adAccountId.replace(/^act_/, ''));
        return false;
      case 'rate_limited_app':
        platformThrottle(reply, 'app');
        return false;
      case 'rate_limited_user':
        platformThrottle(reply, 'user');
        return false;
      case 'server_error':
        serverError(reply);
        return false;
      case 'token_expired':
        sessionExpired(reply, now);
        return false;
      case 'slow':
        await slowDown();
        return true;
      default:
        return true;
    }
  }

  async function adAccountCall(
    request: FastifyRequest<EdgeRequest>,
    reply: FastifyReply,
    edge: string,
    accepted: readonly string[] = EDGE_PARAMETERS,
    body?: unknown,
  ): Promise<Admitted | undefined> {
    const { node } = request.params;
    const admitted = await admit(request, reply, `/${node}/${edge}`, accepted, body);
    if (!admitted) return undefined;
    if (!(await passesFault(reply, node, admitted.now))) return undefined;
    if (!/^act_\d+$/.test(node) || !(await store.get('account', node))) {
      unsupportedRequest(reply, request.method, node);
      return undefined;
    }
    if (!admitted.accountIds.includes(node)) {
      permissionDenied(reply);
      return undefined;
    }
    return admitted;
  }

  return {
    services,
    store,
    admit,
    adAccountCall,
    passesFault,
    url: (request, path) => `${sandboxRoot(services)}/sandbox/social/${request.params.version}${path}`,
  };
}

const WRITE_METHODS = ['POST', 'DELETE', 'PUT', 'PATCH'] as const;

/** A read-only edge: Graph answers any other method as an unsupported request on the node. */
export function refuseWrites(scope: FastifyInstance, url: string): void {
  scope.route<EdgeRequest>({
    method: [...WRITE_METHODS],
    url,
    handler: (request, reply) => unsupportedRequest(reply, request.method, request.params.node ?? 'me'),
  });
}

/**
 * An edge Meta writes through that the sandbox does not serve yet (campaign creation, asynchronous
 * insights): said as it is, rather than answered as if Meta refused the method.
 */
export function writesNotServedYet(scope: FastifyInstance, url: string, what: string): void {
  scope.route<EdgeRequest>({
    method: [...WRITE_METHODS],
    url,
    handler: (request, reply) =>
      graphError(reply, 400, {
        message: `(#100) The adops sandbox does not serve ${request.method} on ${what} yet`,
        type: 'OAuthException',
        code: 100,
        error_user_title: 'Not served by the sandbox',
        error_user_msg: `The sandbox serves GET on ${what}; ${request.method} is served by Meta only, for now.`,
      }),
  });
}
