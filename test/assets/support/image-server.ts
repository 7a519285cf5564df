import { createServer as createPlainHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from './test-certificate.ts';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface ImageServer {
  port: number;
  /** `https://localhost:<port><path>`; another host name or address can be given. */
  url(path: string, host?: string): string;
  /** How many requests reached the path. */
  hits(path: string): number;
  close(): Promise<void>;
}

/** A real HTTPS server on 127.0.0.1 serving the routes, with the test certificate. */
export async function startImageServer(
  certificate: TestCertificate,
  routes: Record<string, Route>,
): Promise<ImageServer> {
  const counts = new Map<string, number>();
  const server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://localhost').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path, host = 'localhost') => `https://${host}:${port}${path}`,
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface PlainServer {
  port: number;
  /** How many requests reached it, whatever the path. */
  hits(): number;
  close(): Promise<void>;
}

/** A plain http server on 127.0.0.1 serving the bytes on every path: what an https URL must never reach. */
export async function startPlainServer(bytes: Buffer): Promise<PlainServer> {
  let hits = 0;
  const server = createPlainHttpServer((_request, response) => {
    hits++;
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits: () => hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function serve(bytes: Buffer, contentType = 'image/png'): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length }).end(bytes);
  };
}

export function redirect(location: () => string, status = 302): Route {
  return (_request, response) => response.writeHead(status, { location: location() }).end();
}

export function status(code: number): Route {
  return (_request, response) => response.writeHead(code, { 'content-type': 'text/html' }).end('<h1>no</h1>');
}

/** Sends the bytes one a second, as a server stuck in the middle of a file would. */
export function oneBytePerSecond(bytes: Buffer): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < bytes.length) response.write(bytes.subarray(sent, ++sent));
      else response.end();
    }, 1000);
    response.on('close', () => clearInterval(timer));
  };
}

export interface EndlessBody {
  route: Route;
  /** Bytes the server managed to write before the client hung up. */
  written(): number;
  /** Resolves when the client closes the connection. */
  hungUp: Promise<void>;
}

/** A body that never ends and declares no length: only a size cap on the reading side stops it. */
export function endlessBody(start: Buffer): EndlessBody {
  let written = 0;
  let hangUp: () => void = () => {};
  const hungUp = new Promise<void>((resolve) => {
    hangUp = resolve;
  });
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const route: Route = (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    let open = true;
    response.on('close', () => {
      open = false;
      hangUp();
    });
    const pump = () => {
      while (open) {
        const next = written === 0 ? start : chunk;
        written += next.length;
        if (!response.write(next)) return void response.once('drain', pump);
      }
    };
    pump();
  };
  return { route, written: () => written, hungUp };
}
