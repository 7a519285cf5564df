import type { Tool } from '../tools/tool.ts';
import { argumentsSchemaName } from './openapi-arguments.ts';
import { errorExample, successExample } from './openapi-examples.ts';
import { errorSchemaName, type JsonSchema } from './openapi-schemas.ts';
import { codesForStatus, toolStatuses } from './openapi-statuses.ts';

const WHEN: Record<number, string> = {
  200: 'The tool ran; `data.text` says what happened. A replay of a recorded call carries `Idempotent-Replayed: true`.',
  400: 'The body, the arguments (every offending field named), the Idempotency-Key header or the account choice is wrong, or the platform rejected the call.',
  401: 'The API key is missing, malformed, unknown, expired or revoked.',
  402: 'The monthly quota is used up; `quota.upgrade_url` says where to upgrade.',
  404: 'No tool of this name is served here.',
  409: 'A request with this Idempotency-Key is still running; retry later with the same key to get its result.',
  413: 'The body is larger than the service accepts.',
  415: 'The body was not sent as `application/json`.',
  422: 'This Idempotency-Key was already used for another tool or other arguments.',
  429: 'Too many requests with this key, or the platform throttled the call; wait `Retry-After` seconds.',
  500: 'Unexpected failure; `error` names the exception type, details are logged under `request_id`.',
  501: "This tool's platform adapter has not landed yet: the arguments were valid, nothing was sent, no quota was used.",
};

const header = (name: string): JsonSchema => ({ $ref: `#/components/headers/${name}` });

function responseHeaders(status: number): JsonSchema {
  return {
    'X-Request-Id': header('XRequestId'),
    ...(status !== 401 &&
      status !== 413 &&
      status !== 415 && {
        RateLimit: header('RateLimit'),
        'RateLimit-Policy': header('RateLimitPolicy'),
      }),
    ...((status === 200 || status === 400 || status === 500) && {
      'Idempotent-Replayed': header('IdempotentReplayed'),
    }),
    ...(status === 429 && { 'Retry-After': header('RetryAfter') }),
  };
}

function response(tool: Tool, status: number): JsonSchema {
  const description = WHEN[status] ?? `HTTP ${status}.`;
  if (status === 200) {
    return {
      description,
      headers: responseHeaders(status),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/SuccessEnvelope' },
          example: successExample(tool),
        },
      },
    };
  }
  const examples = Object.fromEntries(
    codesForStatus(status).map((code) => [code, { summary: code, value: errorExample(tool, code) }]),
  );
  return {
    description,
    headers: responseHeaders(status),
    content: {
      'application/json': { schema: { $ref: `#/components/schemas/${errorSchemaName(status)}` }, examples },
    },
  };
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** The `post` operation of a tool's execute path: its arguments, every status it can answer, its nature. */
export function toolOperation(tool: Tool): JsonSchema {
  return {
    operationId: tool.name,
    summary: firstSentence(tool.description),
    description: tool.description,
    tags: [tool.family ?? 'diagnostics'],
    parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { arguments: { $ref: `#/components/schemas/${argumentsSchemaName(tool.name)}` } },
            required: ['arguments'],
          },
          example: { arguments: tool.example },
        },
      },
    },
    responses: Object.fromEntries(
      toolStatuses(tool).map((status) => [String(status), response(tool, status)]),
    ),
    'x-read-only': tool.annotations.readOnlyHint,
    'x-billable': tool.billable,
    'x-family': tool.family,
    // ChatGPT actions ask the user before calling a consequential operation.
    'x-openai-isConsequential': !tool.annotations.readOnlyHint,
  };
}
