/**
 * A spreadsheet reads a cell starting with one of these as a formula (`=HYPERLINK(...)` in a campaign
 * name an agent chose, or an app's self-chosen name): such a cell gets a leading `'`, which spreadsheets
 * show as text (OWASP's advice on CSV injection; tab and carriage return start formulas in some too).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, RFC 4180: quoted when it holds a quote, comma or line break, its quotes doubled. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 has it. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
