import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { cookieName, isSecure } from './session.ts';
import { randomToken, sameToken } from './tokens.ts';

export const CSRF_FIELD = '_csrf';
const VISITOR_COOKIE = 'adops_csrf';

/**
 * The token of a visitor not signed in (sign-in and sign-up forms): kept in a cookie and sent back in
 * the form, so another site can post neither. Signed-in requests use their session's token instead.
 */
export function visitorToken(config: Config, cookieHeader: string | undefined) {
  const existing = parseCookies(cookieHeader).get(cookieName(config, VISITOR_COOKIE));
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, setCookie: undefined };
  const token = randomToken();
  const setCookie = serializeCookie(cookieName(config, VISITOR_COOKIE), token, {
    maxAgeSeconds: 86_400,
    secure: isSecure(config),
  });
  return { token, setCookie };
}

function sameSite(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || origin === new URL(config.appUrl).origin;
  } catch {
    return false;
  }
}

/** Why a state-changing request is refused, or undefined when it carries the right token from our own pages. */
export function csrfProblem(request: FastifyRequest, config: Config, expected: string): string | undefined {
  if (!sameSite(request, config)) return 'it came from another site';
  const body = request.body as Record<string, unknown> | undefined;
  const sent = body?.[CSRF_FIELD];
  if (typeof sent !== 'string' || !sameToken(sent, expected)) return 'its form token is missing or stale';
  return undefined;
}
