import { html, type SafeHtml } from './html.ts';

/** `2026-11-22 10:00 UTC` in a <time> element, or the fallback text when there is no time. */
export function formatTime(iso: string | null, fallback = '—'): SafeHtml {
  if (!iso) return html`${fallback}`;
  return html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `update_video_campaign`, allowed to break after an underscore only, so a narrow column splits it at a word. */
export function snakeName(name: string): SafeHtml {
  return html`${name.split('_').map((part, i) => (i === 0 ? part : html`_<wbr>${part}`))}`;
}
