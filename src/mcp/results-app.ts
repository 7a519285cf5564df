import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { Resource } from '@modelcontextprotocol/server';
import { declaresMoney } from '../tools/changes/declaration.ts';
import type { Tool } from '../tools/tool.ts';

/** The MCP App (the ext-apps extension) that shows approvals and performance reports in the chat. */
export const RESULTS_APP_URI = 'ui://adops/results.html';

export const RESULTS_APP: Resource = {
  uri: RESULTS_APP_URI,
  name: 'results_app',
  title: 'adops results',
  description:
    'The view hosts that support MCP Apps show beside a result: a change waiting for approval as a card, ' +
    'a performance report as tables. Other clients read the same result as text.',
  mimeType: RESOURCE_MIME_TYPE,
};

/** Whether a tool's results are shown by the app: a change that may wait for approval, a report. */
export function showsResultsApp(tool: Tool): boolean {
  return declaresMoney(tool.changes) || /^get_[a-z]+_campaign_performance$/.test(tool.name);
}

/** The tool's `_meta` naming its view, in the current key and the one hosts of ext-apps 1.x read. */
export const RESULTS_APP_META = {
  ui: { resourceUri: RESULTS_APP_URI },
  [RESOURCE_URI_META_KEY]: RESULTS_APP_URI,
};

/**
 * The SDK's browser bundle as a classic piece of a module script: its one closing `export {a as App, ...}`
 * becomes `const appsSdk = {App: a, ...}`, so the view that follows it in the same script uses it, and the
 * document needs nothing from outside the frame (hosts load it from a string, under a strict CSP).
 */
export function inlinedBundle(bundle: string): string {
  const match = /export\s*\{([^}]*)\};?\s*(\/\/#.*)?\s*$/.exec(bundle);
  if (!match) throw new Error('the ext-apps bundle does not end in one export statement');
  const members = (match[1] ?? '').split(',').map((entry) => {
    const [local = '', exported = local] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported)}:${local}`;
  });
  return `${bundle.slice(0, match.index)}const appsSdk={${members.join(',')}};`;
}

let document: string | undefined;

/** The app's one HTML document: styles, the ext-apps SDK and the view, inline. Made once. */
export function resultsAppHtml(): string {
  if (document) return document;
  const read = (path: string) => readFileSync(path, 'utf8');
  const bundle = read(fileURLToPath(import.meta.resolve('@modelcontextprotocol/ext-apps/app-with-deps')));
  const view = read(fileURLToPath(new URL('./results-view.js', import.meta.url)));
  const styles = read(fileURLToPath(new URL('./results-view.css', import.meta.url)));
  // The view in a block of its own, so none of its names can meet the bundle's minified ones.
  const script = `${inlinedBundle(bundle)}\n{\n${view}\n}`.replaceAll('</script', '<\\/script');
  document =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>adops results</title>' +
    `<style>${styles}</style></head><body><main id="root" aria-live="polite"></main>` +
    `<script type="module">${script}</script></body></html>`;
  return document;
}
