import { html, type SafeHtml } from './html.ts';

/**
 * A secret shown once (a new API key, a signing secret): read-only, with the copy button that
 * console.js reveals, and the line that says it was copied.
 */
export function secretField(id: string, label: string, value: string): SafeHtml {
  return html`<label for="${id}">${label}</label>
  <div class="secret-row">
    <input id="${id}" type="text" readonly value="${value}" autocomplete="off" spellcheck="false">
    <button type="button" data-copy="${id}" data-copy-status="${id}-status" hidden>Copy</button>
  </div>
  <p id="${id}-status" role="status"></p>`;
}
