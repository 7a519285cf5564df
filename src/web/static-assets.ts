import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';

// Served by the service itself: the console loads nothing from other origins.
const ASSETS = {
  'console.css': 'text/css; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
} as const;
type AssetName = keyof typeof ASSETS;

const contents = Object.fromEntries(
  Object.keys(ASSETS).map((name) => [name, readFileSync(new URL(`./static/${name}`, import.meta.url))]),
) as Record<AssetName, Buffer>;

const versions = Object.fromEntries(
  Object.entries(contents).map(([name, body]) => [
    name,
    createHash('sha256').update(body).digest('hex').slice(0, 12),
  ]),
) as Record<AssetName, string>;

/** The asset's URL with its content hash, so browsers may cache it for long and still see a new release. */
export function assetPath(name: AssetName): string {
  return `/console/${name}?v=${versions[name]}`;
}

function sendAsset(reply: FastifyReply, name: AssetName): FastifyReply {
  return reply.type(ASSETS[name]).header('Cache-Control', 'public, max-age=86400').send(contents[name]);
}

export function registerStaticAssets(app: FastifyInstance): void {
  for (const name of Object.keys(ASSETS) as AssetName[]) {
    app.get(`/console/${name}`, async (_request, reply) => sendAsset(reply, name));
  }
  // Browsers ask for /favicon.ico where a page names no icon (the API reference, a JSON answer): the same
  // SVG, by its type, rather than a 404 envelope in every browser's console.
  app.get('/favicon.ico', async (_request, reply) => sendAsset(reply, 'favicon.svg'));
}
