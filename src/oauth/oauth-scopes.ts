import { SCOPES, type Scope } from '../key-limits.ts';

/** The scope words a token or request names, as the one key scope they amount to (the widest named). */
export function widestScope(words: Iterable<string>): Scope | undefined {
  let widest: Scope | undefined;
  for (const word of words) {
    const index = SCOPES.indexOf(word as Scope);
    if (index >= 0 && (widest === undefined || index > SCOPES.indexOf(widest))) widest = SCOPES[index];
  }
  return widest;
}

/** A key scope as the words a token carries: `write` is `read write`, as write allows what read does. */
export function scopeWords(scope: Scope): string[] {
  return SCOPES.slice(0, SCOPES.indexOf(scope) + 1);
}

/**
 * A requested scope with the API's scopes made whole: `write` is asked as `read write`, as write allows
 * what read does. So an owner who grants less than the widest asked still grants something asked, and
 * the token says what it may do.
 */
export function nestedScope(scope: string): string {
  const words = scope.split(' ').filter(Boolean);
  const widest = widestScope(words);
  if (!widest) return scope;
  const others = words.filter((word) => widestScope([word]) === undefined);
  return [...others, ...scopeWords(widest)].join(' ');
}
