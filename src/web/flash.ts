import type { FastifyReply } from 'fastify';
import { clearSessionFlash, setSessionFlash } from '../storage/console-sessions.ts';
import { html, type Interpolation, SafeHtml } from './html.ts';
import type { WebServices } from './web-services.ts';

/** What a form did, shown once by the page it redirected to. */
export interface Flash {
  kind: 'success' | 'error';
  /** The notice as the form's handler wrote it, escaped then (the page shows it as it is). */
  html: SafeHtml;
  /** What goes with it under the notice, such as the table of what a stop paused. */
  details?: SafeHtml | undefined;
}

function boundTo(idHash: string): string {
  return `console_flash:${idHash}`;
}

/**
 * Post/redirect/get: answers a form with 303 to `location`, keeping `notice` with the session (encrypted,
 * bound to it) for that page. A reload then reloads the page, never the form, and the address stays one
 * that can be opened again.
 */
export async function seeOther(
  services: WebServices,
  reply: FastifyReply,
  session: { idHash: string },
  location: string,
  notice?: { kind: Flash['kind']; text: Interpolation },
  details?: SafeHtml,
): Promise<FastifyReply> {
  if (notice) {
    const flash = JSON.stringify({
      kind: notice.kind,
      html: html`${notice.text}`.text,
      details: details?.text,
    });
    const sealed = services.cipher.encrypt(flash, boundTo(session.idHash));
    await setSessionFlash(services.storage.db, session.idHash, sealed);
  }
  return reply.redirect(location, 303);
}

/** The flash a session holds, taken: cleared once read, so it shows on one page only. */
export async function takeFlash(
  services: WebServices,
  idHash: string,
  sealed: string | null,
): Promise<Flash | undefined> {
  if (sealed === null) return undefined;
  await clearSessionFlash(services.storage.db, idHash, sealed);
  try {
    const {
      kind,
      html: text,
      details,
    } = JSON.parse(services.cipher.decrypt(sealed, boundTo(idHash))) as {
      kind: Flash['kind'];
      html: string;
      details?: string;
    };
    return {
      kind,
      html: new SafeHtml(text),
      details: details === undefined ? undefined : new SafeHtml(details),
    };
  } catch {
    // Sealed under a key the ring no longer holds: a notice lost, nothing else.
    return undefined;
  }
}
