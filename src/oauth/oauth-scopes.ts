import { SCOPES, type Scope } from '../auth/key-limits.ts';

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
