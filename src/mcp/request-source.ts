import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader || !URL.canParse(`http://${hostHeader}`)) return undefined;
  return new URL(`http://${hostHeader}`).hostname;
}

/** The host part of an Origin header (`http://localhost:6274` → `localhost:6274`), if it is one. */
function originHost(origin: string): string | undefined {
  return URL.canParse(origin) ? new URL(origin).host : undefined;
}

/**
 * Refuses what a browser page on another site could send. Browsers put `Origin` on every POST, so an
 * Origin other than the console's is a page elsewhere; MCP clients outside a browser send none. On a
 * service bound to loopback, a Host that is not a local name (or the console's) is DNS rebinding: a
 * foreign name resolved to this machine, which makes the page's Origin look like the service's own.
 */
export function requestSourceCheck(config: Config): (headers: IncomingHttpHeaders) => AppError | undefined {
  const consoleUrl = new URL(config.appUrl);
  const localHosts = isLoopback(config.host)
    ? new Set([...LOOPBACK_NAMES, consoleUrl.hostname, hostnameOf(config.host) ?? config.host])
    : undefined;
  const allowed = new Set([consoleUrl.origin, ...config.allowedOrigins]);
  // On a loopback-bound service a local page (an MCP inspector on any port) is the operator's own.
  const allowsOrigin = (origin: string) =>
    allowed.has(origin) || (localHosts !== undefined && isLoopback(hostnameOf(originHost(origin)) ?? ''));
  return (headers) => {
    const { origin } = headers;
    if (origin !== undefined && !allowsOrigin(origin)) {
      return new AppError(
        'origin_not_allowed',
        `Requests from web pages on ${origin} are not accepted. /mcp serves MCP clients; the pages allowed ` +
          `to call it are ${[...allowed].join(', ')}${localHosts ? ' and local ones' : ''} ` +
          '(the operator adds others with ADOPS_ALLOWED_ORIGINS).',
      );
    }
    if (localHosts && !localHosts.has(hostnameOf(headers.host) ?? '')) {
      return new AppError(
        'origin_not_allowed',
        `The Host header "${headers.host ?? ''}" does not name this service; this local service answers ` +
          `only to ${[...localHosts].join(', ')}.`,
      );
    }
    return undefined;
  };
}
