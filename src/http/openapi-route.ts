import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { registerDocsRoutes } from './docs-route.ts';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi.ts';

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    return coding === 'gzip' && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/**
 * `GET /api/v1/openapi.json` and the `/docs` page rendered from it, both without authentication. The
 * document is built and compressed once, here, not per request.
 */
export function registerOpenApiRoutes(app: FastifyInstance, services: Services): void {
  const document = JSON.stringify(
    buildOpenApiDocument([...services.tools.values()], services.config.publicUrl),
  );
  // Per-tool examples make the document large and very repetitive: gzip takes it down more than tenfold.
  const compressed = gzipSync(document);
  app.get(OPENAPI_PATH, async (request, reply) => {
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Vary', 'Accept-Encoding')
      // Public and free of secrets, so editors and importers on other origins may read it.
      .header('Access-Control-Allow-Origin', '*');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('Content-Encoding', 'gzip').send(compressed);
    }
    return reply.send(document);
  });
  registerDocsRoutes(app, services);
}
