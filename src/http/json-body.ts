import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Bodies worth walking: the keys written plainly, or any escape that could spell them (`\\u005f_proto__`). */
const SUSPECT = /__proto__|constructor|\\u/;

/**
 * The first key that could pollute a prototype once a body is merged into another object: `__proto__`,
 * or a `constructor` holding a `prototype` (the keys Fastify's own parser refuses). Iterative, since a
 * body may nest deeper than the call stack.
 */
function pollutingKey(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__')) return '__proto__';
    const maker = Object.hasOwn(node, 'constructor')
      ? (node as { constructor: unknown }).constructor
      : undefined;
    if (typeof maker === 'object' && maker !== null && Object.hasOwn(maker, 'prototype'))
      return 'constructor';
    // One by one: spreading an array of 500,000 items into push would overflow the stack.
    for (const value of Object.values(node))
      if (typeof value === 'object' && value !== null) pending.push(value);
  }
  return undefined;
}

/**
 * An `invalid_body` error that also carries Fastify's `statusCode`, since the sandbox scopes inherit this
 * parser and answer errors in their platform's shape by that field.
 */
function bodyError(message: string): AppError {
  return Object.assign(new AppError('invalid_body', message), { statusCode: 400 });
}

/** A JSON body, or the error saying what is wrong with it: malformed, empty, or holding a refused key. */
function parseJsonBody(_request: FastifyRequest, body: string | Buffer): unknown {
  const text = String(body);
  if (text.trim() === '') {
    throw bodyError('The body is empty. Send a JSON object like {"arguments": {...}}.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? ` (${error.message})` : '';
    throw bodyError(`The body is not valid JSON${reason}. Send {"arguments": {...}}.`);
  }
  // JSON.parse keeps `__proto__` as a plain key; it is refused so no later merge can act on it.
  const key = SUSPECT.test(text) ? pollutingKey(value) : undefined;
  if (key === '__proto__') {
    throw bodyError('The body has a "__proto__" key, which is refused (prototype pollution). Remove it.');
  }
  if (key === 'constructor') {
    throw bodyError(
      'The body has a "constructor" key holding a "prototype", which is refused (prototype pollution). ' +
        'Remove it.',
    );
  }
  return value;
}

/**
 * Replaces Fastify's JSON parser, which answers every refusal (prototype keys included) with one
 * "not valid JSON" and drops the reason. Scopes that parse JSON their own way remove this one first.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    async (request: FastifyRequest, body: string | Buffer) => parseJsonBody(request, body),
  );
}
