import { html, type SafeHtml } from './html.ts';

/**
 * An id as the console shows it: secondary to the name beside it (small, muted), breaking anywhere rather
 * than widening its cell, and copyable: console.js adds a Copy button after it.
 */
export function idCode(id: string): SafeHtml {
  return html`<code class="id">${id}</code>`;
}
