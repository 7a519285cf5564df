import { Transform, type TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** The request body encodings the service decodes; identity (none) is always taken. */
const DECODERS = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
} as const;

const ACCEPTED = 'gzip, deflate, br or identity';

/** Errors that also carry Fastify's `statusCode`, which decides the status when a body stream fails. */
function streamError(error: AppError): AppError {
  return Object.assign(error, { statusCode: error.status });
}

/**
 * The decoded body, counted as it comes: past the body limit the decoder stops at once, so a small
 * compressed body that inflates to gigabytes (a zip bomb) is a 413 without being inflated further.
 * `receivedEncodedLength` is what Fastify checks against Content-Length.
 */
class DecodedBody extends Transform {
  receivedEncodedLength = 0;
  #decoded = 0;
  readonly #limit: number;

  constructor(limit: number) {
    super();
    this.#limit = limit;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#decoded += chunk.length;
    if (this.#decoded > this.#limit) {
      done(
        streamError(
          new AppError(
            'payload_too_large',
            `The request body is larger than ${this.#limit} bytes once decoded. Send a smaller body.`,
          ),
        ),
      );
      return;
    }
    done(null, chunk);
  }
}

function decode(request: FastifyRequest, payload: NodeJS.ReadableStream, coding: keyof typeof DECODERS) {
  const decoder = DECODERS[coding]();
  const body = new DecodedBody(request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY);
  payload.on('data', (chunk: Buffer) => {
    body.receivedEncodedLength += chunk.length;
  });
  decoder.on('error', (error) => {
    body.destroy(
      streamError(
        new AppError(
          'invalid_body',
          `The body is not valid ${coding} data (${error.message}). Send it ${coding}-encoded as a whole, ` +
            'or without Content-Encoding.',
        ),
      ),
    );
  });
  body.on('error', () => {
    decoder.destroy();
    payload.unpipe(decoder);
  });
  payload.pipe(decoder).pipe(body);
  return body;
}

/**
 * Decodes a gzip, deflate or brotli request body (Fastify takes only identity); any other
 * Content-Encoding, or several at once, is a 415 naming those accepted rather than a body misread.
 */
export function registerContentDecoding(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const header = request.headers['content-encoding'];
    const coding = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim().toLowerCase();
    const bodiless =
      request.headers['transfer-encoding'] === undefined && !Number(request.headers['content-length']);
    if (coding === '' || coding === 'identity' || bodiless) return payload;
    if (Object.hasOwn(DECODERS, coding)) return decode(request, payload, coding as keyof typeof DECODERS);
    throw new AppError(
      'unsupported_media_type',
      `The body's Content-Encoding "${coding.slice(0, 40)}" is not accepted. Send it as ${ACCEPTED} ` +
        '(one encoding, not a list).',
    );
  });
}
