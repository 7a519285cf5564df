import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { DOCS_INIT_SCRIPT, DOCS_PAGE, docsContentSecurityPolicy } from './docs-page.ts';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files served from swagger-ui-dist: a fixed list, so no path from the URL reaches the disk. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-16x16.png': 'image/png',
  'favicon-32x32.png': 'image/png',
};

/** `GET /docs`: the API reference rendered from /api/v1/openapi.json. Other /docs paths stay 404 envelopes. */
export function registerDocsRoutes(app: FastifyInstance, services: Services): void {
  const policy = docsContentSecurityPolicy(new URL(services.config.publicUrl).origin);
  app.get('/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', policy)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-cache')
      .send(DOCS_PAGE),
  );
  app.get('/docs/', async (_request, reply) => reply.redirect('/docs', 301));
  app.get('/docs/init.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_INIT_SCRIPT),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`/docs/${file}`, async (_request, reply) =>
      reply
        .type(type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=86400')
        .send(createReadStream(join(SWAGGER_UI_DIR, file))),
    );
  }
}
