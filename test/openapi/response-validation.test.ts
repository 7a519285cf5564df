import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/errors.ts';
import { defineTool } from '../../src/tools/tool.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type ObservedResponse, ResponseValidator } from '../support/openapi-validator.ts';
import { type Owner, TestService } from '../support/service.ts';

const dialect = TEST_DIALECTS[0] ?? 'sqlite';

/**
 * A tool free of charge that answers 402, which its document does not list (402 is for billable tools
 * only): a change the document does not know of.
 */
const unfinished = defineTool({
  name: 'test_unfinished',
  description: 'Test fixture.',
  platform: null,
  billable: false,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({}),
  example: {},
  async run() {
    throw new AppError('quota_exceeded', 'test_unfinished charges after all.');
  },
});

describe('validation of answers against the OpenAPI document', () => {
  let service: TestService;
  let owner: Owner;
  let validator: ResponseValidator;
  const usagePath = '/api/v1/tools/get_usage_status/execute';

  beforeAll(async () => {
    service = await TestService.start(dialect, { extraTools: [unfinished] });
    owner = await service.createOwner('free');
    validator = await ResponseValidator.fetchFrom(service.url);
  });
  afterAll(() => service.stop());

  const usage = async (): Promise<ObservedResponse & { body: Record<string, any> }> =>
    service.call('get_usage_status', {}, { key: owner.key });

  it('passes real answers, errors and unknown tools included', async () => {
    expect(validator.problems('POST', usagePath, await usage())).toEqual([]);
    const unauthenticated = await service.call('get_usage_status', {}, {});
    expect(unauthenticated.status).toBe(401);
    expect(validator.problems('POST', usagePath, unauthenticated)).toEqual([]);
    const unknown = await service.call('no_such_tool', {}, { key: owner.key });
    expect(unknown.body.code).toBe('tool_not_found');
  });

  it('finds a field the document does not list, and a value outside its schema', async () => {
    const answer = await usage();
    const extra = { ...answer, body: { ...answer.body, data: { ...answer.body.data, surprise: 1 } } };
    expect(validator.problems('POST', usagePath, extra).join('\n')).toMatch(/surprise/);
    const negative = structuredClone(answer.body);
    negative.data.quota.used = -1;
    expect(validator.problems('POST', usagePath, { ...answer, body: negative }).join('\n')).toMatch(
      /quota\/used/,
    );
  });

  it('finds a status the tool does not document, and a 402 without its quota block', async () => {
    const answer = await service.call('get_usage_status', {}, {});
    expect(validator.problems('POST', usagePath, { ...answer, status: 402 })).toEqual([
      'POST /api/v1/tools/get_usage_status/execute: status 402 is not documented',
    ]);
    const billable = '/api/v1/tools/update_ad_headlines/execute';
    const quotaless = { ...answer, status: 402, body: { ...answer.body, code: 'quota_exceeded' } };
    expect(validator.problems('POST', billable, quotaless).join('\n')).toMatch(/quota/);
  });

  it('finds a missing X-Request-Id header', async () => {
    const answer = await usage();
    const headers = new Headers(answer.headers);
    headers.delete('x-request-id');
    expect(validator.problems('POST', usagePath, { ...answer, headers })).toEqual([
      'header X-Request-Id is missing',
    ]);
  });

  it('fails a test whose tool answers a status its document does not promise', async () => {
    await expect(service.call('test_unfinished', {}, { key: owner.key })).rejects.toThrow(
      /HTTP 402\) does not match the OpenAPI document:\n {2}POST \/api\/v1\/tools\/test_unfinished\/execute: status 402 is not documented/,
    );
  });
});
