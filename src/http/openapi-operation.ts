import { toolScope } from '../pipeline/key-checks.ts';
import type { Tool } from '../tools/tool.ts';
import { toolTitle } from '../tools/tool-title.ts';
import { argumentsSchemaName, resultSchemaName } from './openapi-arguments.ts';
import { leadingSentences } from './openapi-description.ts';
import { approvalExample, errorExample, successExample } from './openapi-examples.ts';
import { errorSchemaName, type JsonSchema } from './openapi-schemas.ts';
import { codesForStatus, toolStatuses } from './openapi-statuses.ts';

const WHEN: Record<number, string> = {
  200: 'The tool ran; `data.text` says what happened. A replay of a recorded call carries `Idempotent-Replayed: true`.',
  202: "The change waits for the owner's approval: nothing was made yet. `data.structured.approval` says why, and where the owner decides; follow up with get_approval. Repeating the call with the same Idempotency-Key answers the same approval.",
  400: 'The body, the arguments (every offending field named), the idempotency key (header or body) or the account choice is wrong, or the platform rejected the call.',
  401: 'The API key is missing, malformed, unknown, expired or revoked.',
  402: 'The monthly quota is used up; `quota.upgrade_url` says where to upgrade.',
  403: "The API key's scope, accounts or daily budget ceiling does not allow this call (`insufficient_scope`); nothing was sent and no quota was used. `x-required-scope` names the scope the tool needs; starting or raising spend needs `spend`.",
  404: 'No tool of this name is served here.',
  409: 'A request with this Idempotency-Key is still running; retry after `Retry-After` seconds with the same key to get its result.',
  413: 'The body is larger than the service accepts, counted after decoding a `Content-Encoding` (gzip, deflate, br).',
  415: 'The body was not sent as `application/json`, or its `Content-Encoding` is not gzip, deflate, br or identity.',
  422: 'This Idempotency-Key was already used for another tool or other arguments.',
  429: 'Too many requests with this key, the platform throttled the call, or calls still running hold the last quota units; wait `Retry-After` seconds.',
  500: 'Unexpected failure; `error` names the exception type, details are logged under `request_id`.',
  503: 'The database could not be reached (`storage_unavailable`: nothing was lost; retry with the same Idempotency-Key), or the service is stopping and did not run the call (`service_unavailable`: another instance may answer). Wait `Retry-After` seconds.',
};

// For clients that cannot send headers, ChatGPT Actions among them. No example, as for the header.
const BODY_IDEMPOTENCY_KEY: JsonSchema = {
  type: 'string',
  format: 'uuid',
  description:
    'The Idempotency-Key, for clients that cannot send headers: a fresh UUID per logical operation, reused ' +
    'on every retry of it. Sent with the header as well, both must be the same key (400 otherwise).',
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
    ...((status === 200 || status === 202 || status === 400 || status === 500) && {
      'Idempotent-Replayed': header('IdempotentReplayed'),
    }),
    ...((status === 409 || status === 429 || status === 503) && { 'Retry-After': header('RetryAfter') }),
  };
}

function response(tool: Tool, status: number): JsonSchema {
  const description = WHEN[status] ?? `HTTP ${status}.`;
  if (status === 202) {
    return {
      description,
      headers: responseHeaders(status),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ApprovalEnvelope' },
          example: approvalExample(tool),
        },
      },
    };
  }
  if (status === 200) {
    const envelope = { $ref: '#/components/schemas/SuccessEnvelope' };
    return {
      description,
      headers: responseHeaders(status),
      content: {
        'application/json': {
          schema: tool.output
            ? {
                allOf: [
                  envelope,
                  {
                    type: 'object',
                    properties: {
                      data: {
                        type: 'object',
                        properties: {
                          structured: { $ref: `#/components/schemas/${resultSchemaName(tool.name)}` },
                        },
                        required: ['structured'],
                      },
                    },
                  },
                ],
              }
            : envelope,
          // A made-up answer would not be the tool's; its schema says what it holds.
          ...(!tool.output && { example: successExample(tool) }),
        },
      },
    };
  }
  const examples = Object.fromEntries(
    codesForStatus(status)
      // The execute endpoint never answers the MCP door's origin check.
      .filter((code) => code !== 'origin_not_allowed')
      .map((code) => [code, { summary: code, value: errorExample(tool, code) }]),
  );
  return {
    description,
    headers: responseHeaders(status),
    content: {
      'application/json': { schema: { $ref: `#/components/schemas/${errorSchemaName(status)}` }, examples },
    },
  };
}

/**
 * The description fits the importers' limit (ChatGPT Actions: 300 characters); the whole guidance written
 * for models follows in `x-llm-guidance` when there is more.
 */
function operationDescription(tool: Tool): JsonSchema {
  const short = leadingSentences(tool.description);
  const guidance = tool.guidance ?? tool.description;
  return short === guidance ? { description: short } : { description: short, 'x-llm-guidance': guidance };
}

/**
 * The group a tool is listed under: its platform; a free tool of none is a diagnostic; a billable one
 * (the performance overview, the monitors) works across the platforms.
 */
export function toolTag(tool: Tool): string {
  return tool.platform ?? (tool.billable ? 'cross-platform' : 'diagnostics');
}

/** The `post` operation of a tool's execute path: its arguments, every status it can answer, its nature. */
export function toolOperation(tool: Tool): JsonSchema {
  return {
    operationId: tool.name,
    summary: toolTitle(tool),
    ...operationDescription(tool),
    tags: [toolTag(tool)],
    parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              arguments: { $ref: `#/components/schemas/${argumentsSchemaName(tool.name)}` },
              idempotency_key: BODY_IDEMPOTENCY_KEY,
            },
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
    'x-platform': tool.platform,
    // The key scope the tool needs; a write that starts or raises spend needs `spend` as well.
    'x-required-scope': toolScope(tool),
    // ChatGPT actions ask the user before calling a consequential operation.
    'x-openai-isConsequential': !tool.annotations.readOnlyHint,
  };
}
