import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_JSON_DEPTH, valueTooDeep } from '../src/json-depth.ts';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JSON nesting depth', () => {
  it('allows the limit and refuses one level more, in text and in a parsed value', () => {
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(valueTooDeep(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(valueTooDeep(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
  });

  it('counts objects and arrays alike, and walks 10,000 levels without overflowing', () => {
    const deep = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}`;
    expect(jsonTextTooDeep(deep)).toBe(true);
    expect(valueTooDeep(JSON.parse(deep))).toBe(true);
    expect(valueTooDeep({ a: [{ b: 1 }], c: 'x' }, 3)).toBe(false);
    expect(valueTooDeep({ a: [{ b: [] }] }, 3)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: `\\"${'['.repeat(200)}` });
    expect(jsonTextTooDeep(text, 1)).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ a: '"' }), 1)).toBe(false);
  });
});
