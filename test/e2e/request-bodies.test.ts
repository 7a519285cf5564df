import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, TestService } from '../support/service.ts';

/** Encoded bodies are decoded within the body limit; what a body is refused for is said. */
describe('request bodies', () => {
  let service: TestService;
  let owner: Owner;
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner('pro');
  });
  afterAll(() => service.stop());

  const post = (body: string, headers: Record<string, string> = {}) =>
    service.post('/api/v1/tools/get_usage_status/execute', body, {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.key}`,
      ...headers,
    });

  it('refuses a "__proto__" key anywhere in the body, saying why', async () => {
    for (const body of [
      '{"arguments": {}, "__proto__": {"admin": true}}',
      '{"arguments": {"__proto__": 1}}',
      // JSON escapes spell the same key: JSON.parse decodes them.
      '{"arguments": {}, "\\u005f_proto__": {}}',
    ]) {
      const { status, body: answer } = await post(body);
      expect(status).toBe(400);
      expect(answer.code).toBe('invalid_body');
      expect(answer.error).toBe(
        'The body has a "__proto__" key, or a "constructor" key holding a "prototype", which is refused ' +
          '(prototype pollution). Remove it.',
      );
    }
  });

  it('refuses a "constructor" key holding a "prototype", and takes a plain "constructor" value', async () => {
    const refused = await post('{"arguments": {"constructor": {"prototype": {"x": 1}}}}');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('"constructor" key holding a "prototype"');
    // Not a pollution: the argument is refused by the tool's schema, not as a body.
    const plain = await post('{"arguments": {"constructor": "x"}}');
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('invalid_arguments');
  });

  it('says where malformed JSON breaks', async () => {
    const { status, body } = await post('{"arguments": ');
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_body');
    expect(body.error).toMatch(/^The body is not valid JSON \(.+\)\. Send \{"arguments": \{\.\.\.\}\}\.$/);
  });

  it('walks a wide body without failing', async () => {
    const wide = `{"arguments": {"constructor": "x"}, "items": [${Array(300_000).fill('[]').join(',')}]}`;
    const { status, body } = await post(wide);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_arguments');
  });

  it('refuses a body nested deeper than 64 levels before walking it, in the arguments or beside them', async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    for (const deep of [
      // The attack: 10,000 levels in 20 KB, once a 500 RangeError from the argument checks.
      `{"arguments": {"x": ${nested(10_000)}}}`,
      `{"arguments": {}, "x": ${nested(200_000)}, "__proto__": 1}`,
      `{"arguments": {"x": ${'{"a":'.repeat(63)}1${'}'.repeat(63)}}}`,
    ]) {
      const { status, body } = await post(deep);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'invalid_body', tool: 'get_usage_status' });
      expect(body.error).toBe(
        'The body nests arrays and objects more than 64 levels deep, which no request needs. Send a flatter body.',
      );
    }
    // At the limit the body is read, and the arguments are the tool's to refuse.
    const atLimit = await post(`{"arguments": {"x": ${'{"a":'.repeat(62)}1${'}'.repeat(62)}}}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.code).toBe('invalid_arguments');
  });

  /** A compressed body, sent with its Content-Encoding; fetch would not compress a request by itself. */
  async function postEncoded(encoding: string, bytes: Buffer) {
    const response = await fetch(`${service.url}/api/v1/tools/get_usage_status/execute`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': encoding,
        authorization: `Bearer ${owner.key}`,
      },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  it('decodes a gzip, deflate or brotli body', async () => {
    const json = Buffer.from('{"arguments": {}}');
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['br', brotliCompressSync(json)],
      ['GZIP', gzipSync(json)],
    ] as const) {
      const { status, body } = await postEncoded(encoding, bytes);
      expect(status, encoding).toBe(200);
      expect(body.tool).toBe('get_usage_status');
    }
  });

  it('answers 415 naming the accepted encodings for any other', async () => {
    for (const encoding of ['compress', 'zstd', 'gzip, br']) {
      const { status, body } = await postEncoded(encoding, gzipSync('{"arguments": {}}'));
      expect(status, encoding).toBe(415);
      expect(body.code).toBe('unsupported_media_type');
      expect(body.error).toContain('Send it as gzip, deflate, br or identity');
    }
  });

  it('answers 413 for a small body that inflates past the body limit (a zip bomb)', async () => {
    const limit = service.services.config.bodyLimitBytes;
    const bomb = gzipSync(Buffer.alloc(limit * 64, 0x20));
    expect(bomb.length).toBeLessThan(limit);
    const { status, body } = await postEncoded('gzip', bomb);
    expect(status).toBe(413);
    expect(body.code).toBe('payload_too_large');
    expect(body.error).toContain('once decoded');
  });

  it('answers 400 for a body that is not what its encoding says', async () => {
    const { status, body } = await postEncoded('gzip', Buffer.from('{"arguments": {}}'));
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_body');
    expect(body.error).toContain('not valid gzip data');
  });
});
