import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { outputJsonSchema } from '../tools/output-schema.ts';
import type { Tool } from '../tools/tool.ts';
import { argumentsSchema, argumentsSchemaName, resultSchemaName } from './openapi-arguments.ts';
import { toolOperation, toolTag } from './openapi-operation.ts';
import { envelopeSchemas, type JsonSchema } from './openapi-schemas.ts';
import { toolStatuses } from './openapi-statuses.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

export function executePath(toolName: string): string {
  return `/api/v1/tools/${toolName}/execute`;
}

const DESCRIPTION = `Advertising operations for AI agents and automation. Each tool is one operation at
\`POST /api/v1/tools/<tool>/execute\` taking \`{"arguments": {...}}\` and answering the success envelope
(HTTP 200) or the error envelope (4xx/5xx) with a stable \`code\`.

Send a fresh UUID as \`Idempotency-Key\` per logical operation (or in the body as \`idempotency_key\`
where headers cannot be sent) and reuse it on every retry of that operation: a repeat returns the recorded
answer without running again or using quota. Retry 429, 409
and 5xx with exponential backoff and jitter, honouring \`Retry-After\`; do not retry other 4xx.`;

function tags(tools: readonly Tool[]): JsonSchema[] {
  const used = new Set<string>(tools.map(toolTag));
  const all: JsonSchema[] = [
    { name: 'diagnostics', description: 'Free diagnostic tools: usage, accounts, connections, approvals.' },
    {
      name: 'cross-platform',
      description: 'Billable tools over any connected platform: the performance overview and the monitors.',
    },
    ...(Object.keys(PLATFORM_INFO) as Platform[]).map((platform) => ({
      name: platform,
      description: `${PLATFORM_INFO[platform].label} tools.`,
    })),
  ];
  return all.filter((tag) => used.has(String(tag.name)));
}

const COMPONENT_HEADERS: JsonSchema = {
  XRequestId: {
    description: 'Id of this request; in the body as `request_id` too (a replay keeps the first id there).',
    required: true,
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  RateLimit: {
    description:
      'Remaining requests of this key\'s bucket and seconds until it is full: `"per-key";r=39;t=1`.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: {
    description: 'Bucket size and window of the per-key rate limit: `"per-key";q=40;w=2`.',
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description:
      'Present when this is the recorded answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const IDEMPOTENCY_KEY: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A fresh UUID per logical operation, like 8e03978e-40d5-43e8-bc93-6894a57f9324, reused on every ' +
    'retry of it (a quoted structured-field string is accepted too). A repeat with the same tool and ' +
    'arguments returns the recorded answer without running again or using quota; other arguments with ' +
    'the same key give 422. Kept at least 24 hours. Clients that cannot send headers put it in the body ' +
    'as `idempotency_key` instead.',
  // No example value: "Try it out" would fill it in, and every call would then share one key.
  schema: { type: 'string', format: 'uuid' },
};

/**
 * The OpenAPI 3.1 document of the service, generated from the tool registry so it cannot drift from what
 * the service does. Build it once: it depends only on the tools and the public URL.
 */
export function buildOpenApiDocument(tools: readonly Tool[], serverUrl: string): JsonSchema {
  return {
    openapi: '3.1.0',
    info: { title: 'adops', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: serverUrl, description: 'This deployment' }],
    security: [{ ApiKey: [] }],
    tags: tags(tools),
    paths: Object.fromEntries(tools.map((tool) => [executePath(tool.name), { post: toolOperation(tool) }])),
    components: {
      schemas: {
        ...envelopeSchemas(tools.flatMap(toolStatuses)),
        ...Object.fromEntries(tools.map((tool) => [argumentsSchemaName(tool.name), argumentsSchema(tool)])),
        ...Object.fromEntries(
          tools.flatMap((tool) => {
            const result = outputJsonSchema(tool, 'draft-2020-12');
            return result ? [[resultSchemaName(tool.name), result]] : [];
          }),
        ),
      },
      headers: COMPONENT_HEADERS,
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY },
      securitySchemes: {
        ApiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sk_live_...',
          description:
            'An API key `sk_live_...`, created by the account owner in the console and shown once. ' +
            'Send it as `Authorization: Bearer sk_live_...`; it acts for its owner only. An OAuth access ' +
            'token this service issued is sent the same way, with the limits the owner granted the app ' +
            '(authorization server metadata: `/.well-known/oauth-authorization-server`).',
        },
      },
    },
  };
}
