/**
 * Control characters in text a person or an agent typed: C0 controls (NUL among them), DEL and the C1
 * controls. None belongs in a name, an e-mail or ad copy, and PostgreSQL refuses a NUL outright, so every
 * door refuses them before a value reaches a platform or the database. As ranges of a regular expression
 * class, so the JSON Schema patterns of the documents say the same.
 */
export const CONTROL_RANGES = '\\u0000-\\u001F\\u007F-\\u009F';

/** The same but tab, line feed and carriage return, which text written on several lines holds. */
export const CONTROL_RANGES_BUT_LINE_BREAKS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';

/** A value on one line (a name, an e-mail, a URL), or text that may run over several (ad copy). */
export type TextLines = 'one line' | 'several lines';

const IN_ONE_LINE = new RegExp(`[${CONTROL_RANGES}]`, 'u');
const IN_SEVERAL_LINES = new RegExp(`[${CONTROL_RANGES_BUT_LINE_BREAKS}]`, 'u');

const NAMES: Readonly<Record<number, string>> = {
  0: 'NUL',
  9: 'tab',
  10: 'line feed',
  13: 'carriage return',
  27: 'escape',
  127: 'delete',
};

/**
 * The first control character of `value` that text of this kind must not hold, as words a caller can act
 * on ("a control character (U+0000 NUL) at character 3"), or undefined when there is none.
 */
export function controlCharacterIn(value: string, lines: TextLines = 'one line'): string | undefined {
  const found = (lines === 'one line' ? IN_ONE_LINE : IN_SEVERAL_LINES).exec(value);
  if (!found) return undefined;
  const code = found[0].charCodeAt(0);
  const name = NAMES[code];
  const codePoint = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `a control character (${name ? `${codePoint} ${name}` : codePoint}) at character ${found.index + 1}`;
}
