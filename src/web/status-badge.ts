import { html, type Interpolation, type SafeHtml } from './html.ts';

type Tone = 'ok' | 'danger' | 'muted';

/** What each status word of the console means to an owner: well, wrong, or neither (yet). */
const TONES: Readonly<Record<string, Tone>> = {
  active: 'ok',
  enabled: 'ok',
  succeeded: 'ok',
  applied: 'ok',
  delivered: 'ok',
  checked: 'ok',
  expired: 'danger',
  revoked: 'danger',
  failed: 'danger',
  failing: 'danger',
  rejected: 'danger',
  drifted: 'danger',
  refused: 'danger',
  disabled: 'danger',
  error: 'danger',
};

/**
 * A status as a badge: the word in a pill coloured by what it means (never by colour alone: the word
 * is there), with what goes with it (a code, a time) after it in plain text.
 */
export function statusBadge(word: string, after?: Interpolation): SafeHtml {
  const badge = html`<span class="badge badge-${TONES[word] ?? 'muted'}">${word}</span>`;
  return after === undefined ? badge : html`${badge} ${after}`;
}
