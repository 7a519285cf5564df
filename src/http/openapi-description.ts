/**
 * ChatGPT Actions refuse a document whose operation summaries or descriptions exceed 300 characters; the
 * tool descriptions, written for models, are longer.
 */
export const OPERATION_TEXT_LIMIT = 300;

// A period after these does not end a sentence ("e.g. PAUSED").
const ABBREVIATION = /\b(?:e\.g|i\.e|cf|vs)\.$/i;

/** Where each sentence of `text` ends: after `.`, `!` or `?` followed by white space or the end. */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    const end = match.index + 1;
    if (!ABBREVIATION.test(text.slice(0, end))) ends.push(end);
  }
  return ends;
}

/**
 * The leading sentences of `text` that fit in `limit` characters, ending on a sentence boundary. A first
 * sentence longer than the limit is cut after its last whole word that fits and ends with "…".
 */
export function leadingSentences(text: string, limit: number = OPERATION_TEXT_LIMIT): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  const fitting = sentenceEnds(trimmed).filter((end) => end <= limit);
  const last = fitting.at(-1);
  if (last !== undefined) return trimmed.slice(0, last);
  const head = trimmed.slice(0, limit);
  const wordEnd = head.lastIndexOf(' ');
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head.slice(0, limit - 1)).replace(/[\s,;:(]+$/, '')}…`;
}
