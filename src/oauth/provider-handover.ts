import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';

/**
 * Gives a request to oidc-provider, which answers it itself. `path` is the endpoint's one spelling: the
 * provider's own router also takes other cases, trailing slashes and dot segments, which no check made
 * at the service's route would see. The query is kept as sent.
 */
export async function handToProvider(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<void> {
  reply.hijack();
  reply.raw.setHeader('X-Request-Id', request.id);
  const url = request.raw.url ?? '';
  const queryStart = url.indexOf('?');
  request.raw.url = queryStart === -1 ? path : `${path}${url.slice(queryStart)}`;
  // Its URLs are built from the request's host and scheme: they must be the issuer's, whatever name or
  // proxy the request came through.
  const issuer = new URL(services.config.appUrl);
  request.raw.headers['x-forwarded-host'] = issuer.host;
  request.raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  await services.oauth.provider().callback()(request.raw, reply.raw);
}

/** The path of the route a request matched, its parameters filled in: what the provider must see. */
export function matchedPath(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return (request.routeOptions.url ?? '').replace(/:(\w+)/g, (_whole, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
