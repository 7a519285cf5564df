/**
 * How deep arrays and objects may nest in any JSON the service reads (a request body, a tool's arguments,
 * a client's registration). Deeper input is refused before anything walks it recursively: no tool takes
 * arguments nested more than a few levels, and a walk over 10,000 levels overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass without parsing, so it
 * can be asked before `JSON.parse`. Brackets inside strings do not count; malformed text is left to the
 * parser to refuse.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the character after it.
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** Whether a parsed value nests arrays and objects deeper than `max`, walked without recursion. */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
