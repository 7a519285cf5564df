import type { FastifyRequest } from 'fastify';
import type { Caller } from '../caller.ts';

/** What the door learns about a call, for the log line and the audit row of a rejected call. */
export interface CallInfo {
  caller?: Caller;
  code?: string | undefined;
  /** True once the pipeline wrote the audit row itself. */
  audited: boolean;
}

const infos = new WeakMap<FastifyRequest, CallInfo>();

export function callInfo(request: FastifyRequest): CallInfo {
  let info = infos.get(request);
  if (!info) {
    info = { audited: false };
    infos.set(request, info);
  }
  return info;
}

/** The tool named in the path, also when the route did not match or the body failed to parse. */
export function toolFromPath(url: string): string {
  const match = /^\/api\/v1\/tools\/([^/?#]+)\/execute/.exec(url);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * The tool a request calls: named in the REST path, or by a lone MCP `tools/call` message, so a call its
 * door turned away (a stopped owner, a rate limit) has its audit row on either door.
 */
export function toolOfRequest(request: FastifyRequest): string {
  const fromPath = toolFromPath(request.url);
  if (fromPath || request.url.split('?')[0] !== '/mcp') return fromPath;
  const body = request.body as { method?: unknown; params?: { name?: unknown } } | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  return body.method === 'tools/call' && typeof body.params?.name === 'string' ? body.params.name : '';
}
