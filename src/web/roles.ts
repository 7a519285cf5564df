import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { type Role, roleAllows } from '../roles.ts';
import { signedIn } from './console-request.ts';
import { sendErrorPage } from './error-page.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role in the workspace this console route needs (src/web/roles.ts). */
    role?: Role;
  }
}

export const OPERATOR: RouteShorthandOptions = { config: { role: 'operator' } };
export const APPROVER: RouteShorthandOptions = { config: { role: 'approver' } };
export const ADMIN: RouteShorthandOptions = { config: { role: 'admin' } };

/** The role a route needs: as declared; else a page anyone may see, and a form only an admin may send. */
export function neededRole(request: FastifyRequest): Role {
  return request.routeOptions.config.role ?? (request.method === 'GET' ? 'viewer' : 'admin');
}

/** preHandler of the members' pages, after the sign-in: a member whose role is short of the route's sees why. */
export async function requireRole(request: FastifyRequest, reply: FastifyReply) {
  const session = signedIn(request);
  const needed = neededRole(request);
  if (roleAllows(session.member.role, needed)) {
    if (!session.secondFactorRequired || session.secondFactor || !roleAllows(needed, 'approver')) return;
    const text = `${session.user.name} requires a second factor to approve and to administer: set up an authenticator on your account page (/account), then sign in again with its code.`;
    return sendErrorPage(reply, 403, 'A second factor is needed', text);
  }
  request.log.warn(
    { path: request.routeOptions.url, role: session.member.role, needed },
    'console refused an action the member’s role does not allow',
  );
  const text = `Your role in ${session.user.name} is ${session.member.role}; this needs ${needed} or above. Ask an admin of the workspace.`;
  return sendErrorPage(reply, 403, 'Not allowed for your role', text);
}
