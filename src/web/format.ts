import { formatMicros, minorDigits } from '../money.ts';
import { html, type SafeHtml } from './html.ts';

/** `2026-11-22 10:00 UTC` in a <time> element, or the fallback text when there is no time. */
export function formatTime(iso: string | null, fallback = '—'): SafeHtml {
  if (!iso) return html`${fallback}`;
  return html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `approval.requested`, allowed to break after its dot only, so a narrow box splits it at a word. */
export function eventName(name: string): SafeHtml {
  return html`${name.split('.').map((part, i) => (i === 0 ? part : html`.<wbr>${part}`))}`;
}

/** `update_video_campaign`, allowed to break after an underscore only, so a narrow column splits it at a word. */
export function snakeName(name: string): SafeHtml {
  return html`${name.split('_').map((part, i) => (i === 0 ? part : html`_<wbr>${part}`))}`;
}

/** The locale a page formats numbers in: the browser's first language adops can format, else en-US. */
export function localeOf(acceptLanguage: string | undefined): string {
  for (const range of (acceptLanguage ?? '').split(',')) {
    const tag = range.split(';')[0]?.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // Not a language tag: the next one, or the default.
    }
  }
  return 'en-US';
}

/**
 * An amount as the owner reads it: `30,528.61 USD` in their locale's digits and separators, the
 * currency's own decimals, never split over lines. The exact amount goes in `data-micros` for programs.
 */
export function formatMoney(micros: number, currency: string, locale: string): SafeHtml {
  const digits = minorDigits(currency);
  const amount = Number(formatMicros(micros, currency));
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
  return html`<span class="money" data-micros="${micros}">${text} ${currency}</span>`;
}
