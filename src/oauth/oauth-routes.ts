import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';
import { PROTECTED_RESOURCE_PATH, protectedResourceMetadata } from '../auth/protected-resource.ts';
import type { Services } from '../context.ts';
import { registerPages } from '../web/pages.ts';
import { registerConsentRoutes } from './consent-routes.ts';
import { sendOAuthError } from './oauth-error.ts';
import { OAUTH_PATHS } from './oauth-server.ts';
import { handToProvider, matchedPath } from './provider-handover.ts';
import { registerRegistrationRoute } from './registration-route.ts';

/**
 * The provider's endpoints this service serves, each at one spelling and with its methods (OPTIONS: the
 * CORS preflight the provider answers). Those of features left off (userinfo, introspection, PAR,
 * logout, device flow) are not served; registration has a route of its own.
 */
const PROVIDER_ENDPOINTS: ReadonlyArray<{ path: string; methods: HTTPMethods[] }> = [
  { path: '/.well-known/oauth-authorization-server', methods: ['GET', 'OPTIONS'] },
  { path: '/.well-known/openid-configuration', methods: ['GET', 'OPTIONS'] },
  { path: OAUTH_PATHS.authorization, methods: ['GET'] },
  // Where the consent page sends the browser back to the provider (its "resume").
  { path: `${OAUTH_PATHS.authorization}/:uid`, methods: ['GET'] },
  { path: OAUTH_PATHS.token, methods: ['POST', 'OPTIONS'] },
  { path: OAUTH_PATHS.revocation, methods: ['POST', 'OPTIONS'] },
  { path: OAUTH_PATHS.jwks, methods: ['GET', 'OPTIONS'] },
  // RFC 7592: a client reads its registration with the registration access token it was given.
  { path: `${OAUTH_PATHS.registration}/:clientId`, methods: ['GET'] },
];

/** The methods of each endpoint path without parameters, so another method is told which to use. */
const METHODS_OF_PATH = new Map<string, HTTPMethods[]>([
  ...PROVIDER_ENDPOINTS.filter((endpoint) => !endpoint.path.includes(':')).map(
    (endpoint) => [endpoint.path, endpoint.methods] as [string, HTTPMethods[]],
  ),
  [OAUTH_PATHS.registration, ['POST']],
]);

/** Longest part of an unknown path quoted back. */
const QUOTED_PATH_LENGTH = 200;

/**
 * The authorization server's doors: its metadata (RFC 8414 and RFC 9728) and the protocol endpoints,
 * which oidc-provider answers itself. Anything else under `/oauth/` is OAuth's JSON 404 (405 for a known
 * endpoint asked with another method), but for the consent page an owner approves an app on.
 */
export function registerOAuthRoutes(app: FastifyInstance, services: Services): void {
  app.get(PROTECTED_RESOURCE_PATH, async (_request, reply) => sendMetadata(reply, services, ''));
  // The metadata of the resource at a path (RFC 9728, section 3.1): `/mcp` above all.
  app.get<{ Params: { '*': string } }>(`${PROTECTED_RESOURCE_PATH}/*`, async (request, reply) =>
    sendMetadata(reply, services, `/${request.params['*']}`),
  );

  registerRegistrationRoute(app, services);
  registerPages(app, services, (pages) => registerConsentRoutes(pages, services));

  app.register(async (scope) => {
    // oidc-provider reads request bodies itself: the stream is handed over unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    for (const endpoint of PROVIDER_ENDPOINTS) {
      scope.route({
        method: endpoint.methods,
        url: endpoint.path,
        handler: (request, reply) => handToProvider(services, request, reply, matchedPath(request)),
      });
    }

    scope.all('/oauth/*', async (request, reply) => {
      const path = (request.url.split('?')[0] ?? '').slice(0, QUOTED_PATH_LENGTH);
      const methods = METHODS_OF_PATH.get(path);
      if (methods) {
        reply.header('Allow', methods.join(', '));
        return sendOAuthError(
          reply,
          405,
          'invalid_request',
          `${path} takes ${methods.join(' or ')}, not ${request.method}.`,
        );
      }
      return sendOAuthError(
        reply,
        404,
        'not_found',
        `Nothing is served at ${request.method} ${path}. The authorization server's endpoints are listed ` +
          `at ${services.config.appUrl}/.well-known/oauth-authorization-server; their paths are matched ` +
          'exactly (lower case, no trailing slash).',
      );
    });
  });
}

function sendMetadata(reply: FastifyReply, services: Services, path: string) {
  // Public, and read by browser-based clients of other origins.
  return reply
    .header('Access-Control-Allow-Origin', '*')
    .header('Cache-Control', 'public, max-age=3600')
    .send(protectedResourceMetadata(services.config, path));
}
