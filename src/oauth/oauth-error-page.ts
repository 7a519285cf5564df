import type { KoaContextWithOIDC } from 'oidc-provider';
import { PAGE_HEADERS } from '../web/error-page.ts';
import { html } from '../web/html.ts';
import { page } from '../web/layout.ts';

/**
 * An authorization request that cannot go back to its client (unknown client, a redirect URI not
 * registered) ends here, on the console's own error page: never on a redirect to an unchecked address.
 */
export async function renderOAuthError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
  _error: Error,
): Promise<void> {
  ctx.set(PAGE_HEADERS);
  ctx.type = 'html';
  const text = html`${out.error_description ?? 'The request could not be completed.'} (<code>${out.error}</code>). Go back to the app you came from and connect again; if this persists, tell its developer.`;
  ctx.body = String(
    page({ title: 'This app cannot connect', notice: { kind: 'error', text }, body: html`` }),
  );
}
