import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_HEADERS } from './error-page.ts';
import { html } from './html.ts';
import { page, sendPage } from './layout.ts';
import { readSession } from './session.ts';
import type { WebServices } from './web-services.ts';

/**
 * Whether the Accept header names HTML, as a browser loading a page does (`text/html,...`); fetch, curl
 * and API clients accept any type or JSON, and get the API's envelope. `q=0` refuses a type (RFC 9110,
 * 12.4.2).
 */
export function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0{0,3})?$/.test(parameter));
    return (type === 'text/html' || type === 'application/xhtml+xml') && !refused;
  });
}

/**
 * The console's answer to an address nothing serves, for a person in a browser: the layout, with the
 * navigation when signed in, and the way back.
 */
export async function sendNotFoundPage(services: WebServices, request: FastifyRequest, reply: FastifyReply) {
  const session = await readSession(services, request.headers.cookie);
  const path = request.url.split('?')[0] ?? '';
  const way = session
    ? html`<p>Go to the <a href="/">overview</a>, or pick a page above.</p>`
    : html`<p><a href="/login">Sign in</a> to reach your console.</p>`;
  const body = html`<p>There is no page at <code>${path}</code>. It may have moved, or the address has a typo.</p>
${way}`;
  return sendPage(reply.headers(PAGE_HEADERS), 404, page({ title: 'Page not found', session, body }));
}
