import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { isPlatform, PLATFORMS, type Platform } from '../platform-families.ts';
import { registerDocsRoutes } from './docs-route.ts';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi.ts';

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    return coding === 'gzip' && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/** A document and its gzip, built once. */
interface Built {
  json: string;
  gzip: Buffer;
}

/**
 * `?platforms=search,video`: the platforms whose tools the document holds, beside the tools of none; all
 * when absent. ChatGPT Actions import at most 30 operations, which one platform's tools fit in.
 */
function platformsAsked(query: unknown): Platform[] | undefined {
  const raw = (query as Record<string, unknown> | undefined)?.platforms;
  if (raw === undefined) return undefined;
  const names = String(raw)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isPlatform(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new AppError(
      'invalid_request',
      `platforms must list some of ${PLATFORMS.join(', ')}, comma-separated (got "${String(raw)}"); leave it ` +
        'out for every tool.',
    );
  }
  return PLATFORMS.filter((platform) => names.includes(platform));
}

/**
 * `GET /api/v1/openapi.json` (optionally of some platforms' tools) and the `/docs` page rendered from it,
 * both without authentication. Each document is built and compressed once, not per request.
 */
export function registerOpenApiRoutes(app: FastifyInstance, services: Services): void {
  const tools = [...services.tools.values()];
  const built = new Map<string, Built>();
  const documentOf = (platforms: Platform[] | undefined): Built => {
    const key = platforms?.join(',') ?? '';
    let found = built.get(key);
    if (!found) {
      const chosen = platforms
        ? tools.filter((tool) => !tool.platform || platforms.includes(tool.platform))
        : tools;
      const json = JSON.stringify(buildOpenApiDocument(chosen, services.config.publicUrl));
      // Per-tool examples make the document large and very repetitive: gzip takes it down more than tenfold.
      found = { json, gzip: gzipSync(json) };
      built.set(key, found);
    }
    return found;
  };
  documentOf(undefined);
  app.get(OPENAPI_PATH, async (request, reply) => {
    const document = documentOf(platformsAsked(request.query));
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Vary', 'Accept-Encoding')
      // Public and free of secrets, so editors and importers on other origins may read it.
      .header('Access-Control-Allow-Origin', '*');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('Content-Encoding', 'gzip').send(document.gzip);
    }
    return reply.send(document.json);
  });
  registerDocsRoutes(app, services);
}
