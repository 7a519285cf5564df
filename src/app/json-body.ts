import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../errors.ts';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../json-depth.ts';

/**
 * An `invalid_body` error that also carries Fastify's `statusCode`, since the sandbox scopes inherit this
 * parser and answer errors in their platform's shape by that field.
 */
function bodyError(message: string): AppError {
  return Object.assign(new AppError('invalid_body', message), { statusCode: 400 });
}

/**
 * A JSON body, or the error saying what is wrong with it: malformed, empty, nested too deep, or holding a
 * refused key.
 */
function parseJsonBody(_request: FastifyRequest, body: string | Buffer): unknown {
  const text = String(body);
  if (text.trim() === '') {
    throw bodyError('The body is empty. Send a JSON object like {"arguments": {...}}.');
  }
  // Asked of the text, before anything (the parser's key scan, the argument checks) walks the value.
  if (jsonTextTooDeep(text)) {
    throw bodyError(
      `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, which no request ` +
        'needs. Send a flatter body.',
    );
  }
  try {
    // Fastify's own parser library, asked to refuse the keys that could pollute a prototype once the body
    // is merged into another object (escaped spellings included), with its reason kept.
    return secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : '';
    if (reason.includes('forbidden prototype property')) {
      throw bodyError(
        'The body has a "__proto__" key, or a "constructor" key holding a "prototype", which is refused ' +
          '(prototype pollution). Remove it.',
      );
    }
    throw bodyError(`The body is not valid JSON${reason ? ` (${reason})` : ''}. Send {"arguments": {...}}.`);
  }
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
