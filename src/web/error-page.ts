import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { html, type Interpolation } from './html.ts';
import { page, sendPage } from './layout.ts';

// Pages hold private data and one-time secrets: never cached, never framed, and only our own scripts run.
// No form-action: connecting a platform redirects a form post to the platform's consent page.
export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

export function sendErrorPage(reply: FastifyReply, status: number, title: string, text: Interpolation) {
  const body = html`<p><a href="/">Back to the console</a></p>`;
  return sendPage(
    reply.headers(PAGE_HEADERS),
    status,
    page({ title, notice: { kind: 'error', text }, body }),
  );
}

function clientErrorText(status: number): string {
  switch (status) {
    case 413:
      return 'The form is too large.';
    case 415:
      return 'This address takes the console’s own forms only.';
    default:
      return 'The form could not be read. Go back, reload the page and try again.';
  }
}

/** A page's failures as pages, not API envelopes; details of a 500 stay in the log under the request id. */
export function renderPageError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = error.statusCode ?? 500;
  if (code >= 400 && code < 500)
    return sendErrorPage(reply, code, 'Something went wrong', clientErrorText(code));
  request.log.error({ err: error }, 'page request failed');
  const text = html`Something went wrong. Reference: <code>${request.id}</code>.`;
  return sendErrorPage(reply, 500, 'Something went wrong', text);
}
