import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, TestService } from '../support/service.ts';

/** What a body is refused for is said: a prototype key, malformed JSON. */
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
    for (const body of ['{"arguments": {}, "__proto__": {"admin": true}}', '{"arguments": {"__proto__": 1}}']) {
      const { status, body: answer } = await post(body);
      expect(status).toBe(400);
      expect(answer.code).toBe('invalid_body');
      expect(answer.error).toBe(
        'The body has a "__proto__" key, which is refused (prototype pollution). Remove it.',
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

  it('refuses a body nested deeper than the stack without failing', async () => {
    const deep = `{"arguments": {}, "x": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "__proto__": 1}`;
    const { status, body } = await post(deep);
    expect(status).toBe(400);
    expect(body.error).toContain('"__proto__"');
  });
});
