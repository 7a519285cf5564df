import { adsError, type FieldPath } from './google-errors.ts';
import type { KeywordInfoRead } from './messages.ts';
import type { KeywordInfo } from './resources.ts';
import type { GoogleAdsError } from './wire-types.ts';

const MAX_KEYWORD_LENGTH = 80;
const MAX_KEYWORD_WORDS = 10;
const INVALID_CHARS = /[!@%^*()={};~`<>?\\|,]/;
const MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'];

export const sameKeyword = (a: KeywordInfo, b: KeywordInfo) =>
  a.matchType === b.matchType &&
  a.text.trim().toLowerCase().replace(/\s+/g, ' ') === b.text.trim().toLowerCase().replace(/\s+/g, ' ');

export function checkKeyword(keyword: KeywordInfoRead | undefined, at: FieldPath): GoogleAdsError[] {
  const path = [...at, { fieldName: 'keyword' }];
  if (!keyword) return [adsError({ fieldError: 'REQUIRED' }, 'The required field was not present.', path)];
  const text = keyword.text ?? '';
  const textPath = [...path, { fieldName: 'text' }];
  const errors: GoogleAdsError[] = [];
  if (text.trim() === '') {
    errors.push(adsError({ criterionError: 'INVALID_KEYWORD_TEXT' }, 'The keyword text is empty.', textPath));
  } else if (text.length > MAX_KEYWORD_LENGTH) {
    const message = `The keyword text is ${text.length} characters; the limit is ${MAX_KEYWORD_LENGTH}.`;
    errors.push(adsError({ criterionError: 'KEYWORD_TEXT_TOO_LONG' }, message, textPath));
  } else if (text.trim().split(/\s+/).length > MAX_KEYWORD_WORDS) {
    const message = `The keyword "${text}" has more than ${MAX_KEYWORD_WORDS} words.`;
    errors.push(adsError({ criterionError: 'KEYWORD_HAS_TOO_MANY_WORDS' }, message, textPath));
  } else if (INVALID_CHARS.test(text)) {
    const message = `The keyword "${text}" has characters a keyword cannot have.`;
    errors.push(adsError({ criterionError: 'KEYWORD_HAS_INVALID_CHARS' }, message, textPath));
  }
  if (!MATCH_TYPES.includes(keyword.matchType ?? '')) {
    const message = `The match type ${keyword.matchType ?? 'UNSPECIFIED'} is not one of ${MATCH_TYPES.join(', ')}.`;
    errors.push(adsError({ fieldError: 'REQUIRED' }, message, [...path, { fieldName: 'match_type' }]));
  }
  return errors;
}
