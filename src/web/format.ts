import { formatMicros, minorDigits } from '../money.ts';
import { html, type SafeHtml } from './html.ts';

/**
 * `2026-11-22 10:00 UTC` in a <time> element, or the fallback text when there is no time. The date is
 * one unbreakable piece: a narrow cell puts the hour under it, never "2026-" over "11-22".
 */
export function formatTime(iso: string | null, fallback = '—'): SafeHtml {
  if (!iso) return html`${fallback}`;
  return html`<time datetime="${iso}"><span class="day">${iso.slice(0, 10)}</span> ${iso.slice(11, 16)} UTC</time>`;
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

/** An amount as text in a locale: `30,528.61 USD`, the currency's own decimals (a chart's label, a title). */
export function moneyText(micros: number, currency: string, locale: string, signed = false): string {
  const digits = minorDigits(currency);
  const amount = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(Number(formatMicros(micros, currency)));
  return `${amount} ${currency}`;
}

/**
 * An amount as the owner reads it on a page: moneyText, never split over lines, in digits of one width.
 * The exact amount goes in `data-micros` for programs.
 */
export function formatMoney(micros: number, currency: string, locale: string): SafeHtml {
  return html`<span class="money" data-micros="${micros}">${moneyText(micros, currency, locale)}</span>`;
}
