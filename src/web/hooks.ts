import type { FastifyReply, FastifyRequest } from 'fastify';
import { consoleRequest, setConsoleRequest } from './console-request.ts';
import { csrfProblem, visitorToken } from './csrf.ts';
import { PAGE_HEADERS, sendErrorPage } from './error-page.ts';
import { localeOf } from './format.ts';
import { readSession } from './session.ts';
import type { WebServices } from './web-services.ts';

/** onRequest of every page: who is signed in, and the form token this visitor's forms carry. */
export function identifyVisitor(services: WebServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(PAGE_HEADERS);
    // A page shows what the form before it did; a download does not take it from the page.
    const showsPage = request.method === 'GET' && !request.url.split('?')[0]?.endsWith('.csv');
    const session = await readSession(services, request.headers.cookie, {
      takesFlash: showsPage,
      locale: localeOf(request.headers['accept-language']),
    });
    if (session) return setConsoleRequest(request, { session, csrfToken: session.csrfToken });
    const visitor = visitorToken(services.config, request.headers.cookie);
    if (visitor.setCookie) reply.header('set-cookie', visitor.setCookie);
    setConsoleRequest(request, { session: undefined, csrfToken: visitor.token });
  };
}

/** preHandler of every page: a POST without this visitor's form token, or from another site, changes nothing. */
export function refuseForgedForms(services: WebServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const problem = csrfProblem(request, services.config, consoleRequest(request).csrfToken);
    if (!problem) return;
    request.log.warn({ path: request.routeOptions.url, problem }, 'console refused a forged or stale form');
    const text = `This form was refused because ${problem}. Reload the page and try again.`;
    return sendErrorPage(reply, 403, 'Form refused', text);
  };
}

/** preHandler of the owners' pages: visitors go to the sign-in page, and come back after it. */
export async function requireSignIn(request: FastifyRequest, reply: FastifyReply) {
  if (consoleRequest(request).session) return;
  const path = request.routeOptions.url ?? '';
  // The console's address itself leads to the sign-in page as it is: home is where it returns anyway.
  const back = request.method === 'GET' && path !== '/';
  return reply.redirect(back ? `/login?next=${encodeURIComponent(path)}` : '/login', 303);
}
