/**
 * A strict GAQL parser for the sandbox, after Google's grammar
 * (https://developers.google.com/google-ads/api/docs/query/grammar):
 * `SELECT f, ... FROM resource [WHERE c AND c ...] [ORDER BY f [ASC|DESC], ...] [LIMIT n]`, a condition
 * being `field op value` with op one of = != > >= < <= IN NOT IN BETWEEN DURING, a value a number, a quoted
 * string, TRUE/FALSE or a bare literal (an enum constant, a date range like LAST_7_DAYS). What GAQL has
 * beyond that (LIKE, CONTAINS, IS NULL, REGEXP_MATCH, PARAMETERS; OR does not exist there either) is refused
 * with a query error naming what was found, never silently ignored.
 */

export interface Literal {
  /** `word` is a bare literal: an enum constant (`ENABLED`) or a date range function (`LAST_7_DAYS`). */
  kind: 'number' | 'string' | 'bool' | 'word';
  value: string;
}

export type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'IN' | 'NOT IN' | 'BETWEEN' | 'DURING';

export interface Condition {
  field: string;
  operator: Operator;
  /** One value; a list for IN and NOT IN; two for BETWEEN. */
  values: Literal[];
}

export interface Ordering {
  field: string;
  descending: boolean;
}

export interface GaqlQuery {
  fields: string[];
  resource: string;
  conditions: Condition[];
  orderings: Ordering[];
  /** At most this many rows; a total results count ignores it, as Google's does. */
  limit?: number;
}

/** A query Google would refuse: `code` is the QueryError enum value (or another family's, see `family`). */
export class GaqlError extends Error {
  override readonly name = 'GaqlError';
  readonly code: string;
  /** The error family of `code`: `queryError` for nearly every refusal. */
  readonly family: string;

  constructor(code: string, message: string, family = 'queryError') {
    super(message);
    this.code = code;
    this.family = family;
  }
}

const SUPPORTED =
  'The sandbox supports SELECT fields FROM resource, then optionally WHERE conditions joined by AND (each ' +
  'field = != > >= < <= value, field [NOT] IN (values), field BETWEEN value AND value, or field DURING a ' +
  "date range), ORDER BY fields [ASC|DESC], LIMIT n; values are numbers, 'quoted strings', TRUE, FALSE or " +
  'bare literals.';

/** Operators GAQL has that the sandbox does not run: refused by name rather than misread. */
const UNSUPPORTED_OPERATORS = ['LIKE', 'CONTAINS', 'IS', 'REGEXP_MATCH'];

const RESERVED = ['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'IN', 'NOT', 'ORDER', 'BY', 'LIMIT', 'PARAMETERS'];

type Token =
  | { type: 'word'; text: string }
  | { type: 'number'; text: string }
  | { type: 'string'; text: string }
  | { type: 'symbol'; text: string };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const rest = query.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(rest);
    const number = /^-?\d+(?:\.\d+)?/.exec(rest);
    const symbol = /^(?:!=|<=|>=|[(),=<>*])/.exec(rest);
    if (word) {
      tokens.push({ type: 'word', text: word[0] });
      i += word[0].length;
    } else if (number) {
      tokens.push({ type: 'number', text: number[0] });
      i += number[0].length;
    } else if (symbol) {
      tokens.push({ type: 'symbol', text: symbol[0] });
      i += symbol[0].length;
    } else if (rest[0] === "'" || rest[0] === '"') {
      const quote = rest[0];
      let text = '';
      let j = 1;
      for (; j < rest.length && rest[j] !== quote; j++) {
        if (rest[j] === '\\') {
          j++;
          if (j >= rest.length) break;
        }
        text += rest[j];
      }
      if (j >= rest.length)
        throw new GaqlError('UNEXPECTED_END_OF_QUERY', 'Error in query: unterminated string.');
      tokens.push({ type: 'string', text });
      i += j + 1;
    } else {
      throw new GaqlError(
        'QUERY_ERROR',
        `Error in query: unexpected input ${JSON.stringify(rest[0])}. ${SUPPORTED}`,
      );
    }
  }
  return tokens;
}

class Parser {
  readonly #tokens: Token[];
  #at = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  get done(): boolean {
    return this.#at >= this.#tokens.length;
  }

  get #token(): Token | undefined {
    return this.#tokens[this.#at];
  }

  unexpected(expected: string, code = 'QUERY_ERROR'): GaqlError {
    const token = this.#token;
    if (!token)
      return new GaqlError('UNEXPECTED_END_OF_QUERY', `Error in query: expected ${expected}, found the end.`);
    return new GaqlError(code, `Error in query: expected ${expected}, found '${token.text}'. ${SUPPORTED}`);
  }

  keyword(word: string, code?: string): void {
    if (!this.isKeyword(word)) throw this.unexpected(word, code);
    this.#at++;
  }

  isKeyword(word: string): boolean {
    const token = this.#token;
    return token?.type === 'word' && token.text.toUpperCase() === word;
  }

  /** The keyword at hand, upper-cased, if the token is a word. */
  peekWord(): string | undefined {
    const token = this.#token;
    return token?.type === 'word' ? token.text.toUpperCase() : undefined;
  }

  isSymbol(text: string): boolean {
    const token = this.#token;
    return token?.type === 'symbol' && token.text === text;
  }

  symbol(text: string): boolean {
    if (!this.isSymbol(text)) return false;
    this.#at++;
    return true;
  }

  /** One of the comparison symbols, consumed, or undefined. */
  comparison(): '=' | '!=' | '>' | '>=' | '<' | '<=' | undefined {
    const token = this.#token;
    if (token?.type !== 'symbol' || !['=', '!=', '>', '>=', '<', '<='].includes(token.text)) return undefined;
    this.#at++;
    return token.text as '=' | '!=' | '>' | '>=' | '<' | '<=';
  }

  expectEnd(expected: string): void {
    if (!this.done) throw this.unexpected(expected);
  }

  expectSymbol(text: string, code?: string): void {
    if (!this.symbol(text)) throw this.unexpected(`'${text}'`, code);
  }

  identifier(what: string): string {
    const token = this.#token;
    if (token?.type !== 'word' || RESERVED.includes(token.text.toUpperCase())) throw this.unexpected(what);
    this.#at++;
    return token.text;
  }

  /** The number after LIMIT: a positive whole number. */
  limit(): number {
    const token = this.#token;
    if (token?.type !== 'number') {
      if (!token) throw this.unexpected('a number after LIMIT');
      throw new GaqlError(
        'BAD_LIMIT_VALUE',
        `Error in query: LIMIT takes a whole number, not '${token.text}'.`,
      );
    }
    this.#at++;
    if (!/^\d+$/.test(token.text))
      throw new GaqlError(
        'BAD_LIMIT_VALUE',
        `Error in query: LIMIT takes a whole number, not ${token.text}.`,
      );
    if (Number(token.text) < 1)
      throw new GaqlError(
        'LIMIT_VALUE_TOO_LOW',
        `Error in query: LIMIT must be at least 1, not ${token.text}.`,
      );
    return Number(token.text);
  }

  literal(expected = 'a number, a quoted string, TRUE, FALSE or a literal', code?: string): Literal {
    const token = this.#token;
    if (token?.type === 'word' && !RESERVED.includes(token.text.toUpperCase())) {
      this.#at++;
      if (/^(TRUE|FALSE)$/i.test(token.text)) return { kind: 'bool', value: token.text.toLowerCase() };
      return { kind: 'word', value: token.text };
    }
    if (token?.type !== 'number' && token?.type !== 'string') throw this.unexpected(expected, code);
    this.#at++;
    return { kind: token.type, value: token.text };
  }

  /** `( value, ... )` after IN and NOT IN. */
  list(operator: string): Literal[] {
    if (!this.isSymbol('('))
      throw this.unexpected(`a list in parentheses after ${operator}`, 'EXPECTED_LIST');
    this.#at++;
    if (this.isSymbol(')'))
      throw new GaqlError(
        'PROHIBITED_EMPTY_LIST_IN_CONDITION',
        `Error in query: ${operator} takes at least one value.`,
      );
    const values = [this.literal()];
    while (this.symbol(',')) values.push(this.literal());
    this.expectSymbol(')');
    return values;
  }
}

function condition(parser: Parser): Condition {
  const field = parser.identifier('a field name');
  const comparison = parser.comparison();
  if (comparison) {
    if (parser.isSymbol('('))
      throw new GaqlError(
        'EXPECTED_SINGLE_VALUE',
        `Error in query: ${field} ${comparison} takes one value, not a list; use IN for a list.`,
      );
    return { field, operator: comparison, values: [parser.literal()] };
  }
  const word = parser.peekWord();
  if (word === 'IN') {
    parser.keyword('IN');
    return { field, operator: 'IN', values: parser.list('IN') };
  }
  if (word === 'NOT') {
    parser.keyword('NOT');
    if (!parser.isKeyword('IN')) {
      const next = parser.peekWord();
      if (next && UNSUPPORTED_OPERATORS.some((op) => next.startsWith(op)))
        throw unsupportedOperator(`NOT ${next}`);
      throw parser.unexpected('IN after NOT');
    }
    parser.keyword('IN');
    return { field, operator: 'NOT IN', values: parser.list('NOT IN') };
  }
  if (word === 'BETWEEN') {
    parser.keyword('BETWEEN');
    const expected = 'a value after BETWEEN';
    const low = parser.literal(expected, 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR');
    if (!parser.isKeyword('AND'))
      throw parser.unexpected('AND between the two values of BETWEEN', 'EXPECTED_AND');
    parser.keyword('AND');
    const high = parser.literal('a second value for BETWEEN', 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR');
    return { field, operator: 'BETWEEN', values: [low, high] };
  }
  if (word === 'DURING') {
    parser.keyword('DURING');
    return {
      field,
      operator: 'DURING',
      values: [parser.literal('a date range like LAST_7_DAYS after DURING')],
    };
  }
  if (word && UNSUPPORTED_OPERATORS.includes(word)) throw unsupportedOperator(word);
  throw parser.unexpected('an operator (= != > >= < <= IN NOT IN BETWEEN DURING)', 'BAD_OPERATOR');
}

function unsupportedOperator(operator: string): GaqlError {
  return new GaqlError(
    'BAD_OPERATOR',
    `Error in query: the sandbox does not run the operator ${operator}. ${SUPPORTED}`,
  );
}

function ordering(parser: Parser): Ordering {
  const field = parser.identifier('a field name to order by');
  if (parser.isKeyword('DESC')) {
    parser.keyword('DESC');
    return { field, descending: true };
  }
  if (parser.isKeyword('ASC')) parser.keyword('ASC');
  return { field, descending: false };
}

export function parseGaql(query: string): GaqlQuery {
  const parser = new Parser(tokenize(query));
  parser.keyword('SELECT', 'EXPECTED_SELECT');
  const fields = [parser.identifier('a field name')];
  while (parser.symbol(',')) fields.push(parser.identifier('a field name'));
  parser.keyword('FROM', 'EXPECTED_FROM');
  const resource = parser.identifier('a resource name');
  const conditions: Condition[] = [];
  if (parser.isKeyword('WHERE')) {
    parser.keyword('WHERE');
    conditions.push(condition(parser));
    while (parser.isKeyword('AND')) {
      parser.keyword('AND');
      conditions.push(condition(parser));
    }
  }
  const orderings: Ordering[] = [];
  if (parser.isKeyword('ORDER')) {
    parser.keyword('ORDER');
    parser.keyword('BY', 'EXPECTED_BY');
    orderings.push(ordering(parser));
    while (parser.symbol(',')) orderings.push(ordering(parser));
  }
  let limit: number | undefined;
  if (parser.isKeyword('LIMIT')) {
    parser.keyword('LIMIT');
    limit = parser.limit();
  }
  if (parser.isKeyword('PARAMETERS')) {
    throw new GaqlError(
      'BAD_PARAMETER_NAME',
      'Error in query: the sandbox takes no PARAMETERS clause (include_drafts, omit_unselected_resource_names).',
    );
  }
  parser.expectEnd(whatMayFollow(conditions.length > 0, orderings.length > 0, limit !== undefined));
  return { fields, resource, conditions, orderings, ...(limit !== undefined && { limit }) };
}

/** The clauses that could still come, for the message about what came instead. */
function whatMayFollow(where: boolean, orderBy: boolean, limit: boolean): string {
  if (limit) return 'the end of the query';
  if (orderBy) return "',' or LIMIT";
  if (where) return 'AND, ORDER BY or LIMIT';
  return 'WHERE, ORDER BY or LIMIT';
}
