import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { MemoryRateLimiter } from '../ratelimit/memory-rate-limiter.ts';
import { PROTECTED_RESOURCE_PATH, protectedResourceMetadata } from './protected-resource.ts';

/** Dynamic registration is open to anyone: ten clients per address, then one every six minutes. */
const REGISTRATIONS_BURST = 10;
const REGISTRATIONS_PER_SECOND = 1 / 360;

/**
 * The authorization server's doors: its metadata (RFC 8414 and RFC 9728) and the protocol endpoints under
 * `/oauth/`, which oidc-provider answers itself. The consent page under `/oauth/consent/` is the console's.
 */
export function registerOAuthRoutes(app: FastifyInstance, services: Services): void {
  const registrations = new MemoryRateLimiter(REGISTRATIONS_PER_SECOND, REGISTRATIONS_BURST);

  app.get(PROTECTED_RESOURCE_PATH, async (_request, reply) => sendMetadata(reply, services, ''));
  // The metadata of the resource at a path (RFC 9728, section 3.1): `/mcp` above all.
  app.get<{ Params: { '*': string } }>(`${PROTECTED_RESOURCE_PATH}/*`, async (request, reply) =>
    sendMetadata(reply, services, `/${request.params['*']}`),
  );

  app.register(async (scope) => {
    // oidc-provider reads request bodies itself: the stream is handed over unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handOver = async (request: FastifyRequest, reply: FastifyReply, url = request.raw.url) => {
      reply.hijack();
      reply.raw.setHeader('X-Request-Id', request.id);
      if (url !== undefined) request.raw.url = url;
      const issuer = new URL(services.config.appUrl);
      request.raw.headers['x-forwarded-host'] = issuer.host;
      request.raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
      await services.oauth.provider().callback()(request.raw, reply.raw);
    };

    // RFC 8414 names the document after OAuth; oidc-provider serves it under OpenID's name. Same document.
    scope.get('/.well-known/oauth-authorization-server', (request, reply) =>
      handOver(request, reply, '/.well-known/openid-configuration'),
    );
    scope.get('/.well-known/openid-configuration', (request, reply) => handOver(request, reply));
    scope.post('/oauth/register', async (request, reply) => {
      const decision = await registrations.take(request.ip);
      if (!decision.allowed) {
        return reply
          .status(429)
          .header('Retry-After', String(decision.retryAfterSeconds))
          .header('Cache-Control', 'no-store')
          .send({
            error: 'rate_limited',
            error_description:
              `Too many client registrations from this address. Retry after ${decision.retryAfterSeconds} ` +
              'seconds, or reuse the client you registered.',
          });
      }
      return handOver(request, reply);
    });
    scope.all('/oauth/*', (request, reply) => handOver(request, reply));
  });
}

function sendMetadata(reply: FastifyReply, services: Services, path: string) {
  // Public, and read by browser-based clients of other origins.
  return reply
    .header('Access-Control-Allow-Origin', '*')
    .header('Cache-Control', 'public, max-age=3600')
    .send(protectedResourceMetadata(services.config, path));
}
