/**
 * A small, honest GAQL parser for the sandbox: `SELECT f, ... FROM resource [WHERE c AND c ...]` where a
 * condition is `field = literal` or `field IN (literal, ...)`, literals being numbers or quoted strings.
 * Everything else GAQL has (OR does not exist there either; ORDER BY, LIMIT, other operators, PARAMETERS)
 * is refused with a query error naming what was found, never silently ignored.
 */

export interface Literal {
  kind: 'number' | 'string';
  value: string;
}

export interface Condition {
  field: string;
  operator: '=' | 'IN';
  values: Literal[];
}

export interface GaqlQuery {
  fields: string[];
  resource: string;
  conditions: Condition[];
}

/** A query Google would refuse: `code` is the QueryError enum value. */
export class GaqlError extends Error {
  override readonly name = 'GaqlError';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const SUPPORTED =
  'The sandbox supports SELECT fields FROM resource, optionally WHERE conditions joined by AND, each ' +
  "field = value or field IN (value, ...), values being numbers or 'quoted strings'.";

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

  #unexpected(expected: string): GaqlError {
    const token = this.#tokens[this.#at];
    if (!token)
      return new GaqlError('UNEXPECTED_END_OF_QUERY', `Error in query: expected ${expected}, found the end.`);
    return new GaqlError(
      'QUERY_ERROR',
      `Error in query: expected ${expected}, found '${token.text}'. ${SUPPORTED}`,
    );
  }

  keyword(word: string): void {
    const token = this.#tokens[this.#at];
    if (token?.type !== 'word' || token.text.toUpperCase() !== word) throw this.#unexpected(word);
    this.#at++;
  }

  isKeyword(word: string): boolean {
    const token = this.#tokens[this.#at];
    return token?.type === 'word' && token.text.toUpperCase() === word;
  }

  symbol(text: string): boolean {
    const token = this.#tokens[this.#at];
    if (token?.type !== 'symbol' || token.text !== text) return false;
    this.#at++;
    return true;
  }

  expectSymbol(text: string): void {
    if (!this.symbol(text)) throw this.#unexpected(`'${text}'`);
  }

  identifier(what: string): string {
    const token = this.#tokens[this.#at];
    const reserved = ['SELECT', 'FROM', 'WHERE', 'AND', 'IN'];
    if (token?.type !== 'word' || reserved.includes(token.text.toUpperCase())) throw this.#unexpected(what);
    this.#at++;
    return token.text;
  }

  literal(): Literal {
    const token = this.#tokens[this.#at];
    if (token?.type !== 'number' && token?.type !== 'string')
      throw this.#unexpected('a number or a quoted string');
    this.#at++;
    return { kind: token.type, value: token.text };
  }
}

function condition(parser: Parser): Condition {
  const field = parser.identifier('a field name');
  if (parser.symbol('=')) return { field, operator: '=', values: [parser.literal()] };
  parser.keyword('IN');
  parser.expectSymbol('(');
  const values = [parser.literal()];
  while (parser.symbol(',')) values.push(parser.literal());
  parser.expectSymbol(')');
  return { field, operator: 'IN', values };
}

export function parseGaql(query: string): GaqlQuery {
  const parser = new Parser(tokenize(query));
  parser.keyword('SELECT');
  const fields = [parser.identifier('a field name')];
  while (parser.symbol(',')) fields.push(parser.identifier('a field name'));
  parser.keyword('FROM');
  const resource = parser.identifier('a resource name');
  const conditions: Condition[] = [];
  if (!parser.done) {
    parser.keyword('WHERE');
    conditions.push(condition(parser));
    while (!parser.done) {
      parser.keyword('AND');
      conditions.push(condition(parser));
    }
  }
  return { fields, resource, conditions };
}
