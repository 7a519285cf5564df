import { z } from 'zod';
import { TIERS } from '../config.ts';
import { ERROR_STATUS } from '../errors.ts';
import { approvalChangeSchema, approvalSchema } from '../tools/approvals/approval-object.ts';
import { codesForStatus } from './openapi-statuses.ts';

export type JsonSchema = Record<string, unknown>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The component name of the error envelope of one status, like `Error429`. */
export function errorSchemaName(status: number): string {
  return `Error${status}`;
}

const requestId: JsonSchema = {
  type: 'string',
  pattern: '^req_[A-Za-z0-9]+$',
  description:
    'Id of the request, also sent as the X-Request-Id header; quote it to support. A replay carries the ' +
    "first answer's id.",
};

const quotaBlock: JsonSchema = {
  type: 'object',
  description: "The owner's monthly tool-call allowance, shared by all of their keys.",
  properties: {
    used: {
      type: 'integer',
      minimum: 0,
      description: 'Calls used in the current period, this one included.',
    },
    limit: { type: 'integer', minimum: 0, description: 'Monthly allowance of the tier.' },
    tier: { type: 'string', enum: [...TIERS] },
    period_end: {
      type: 'string',
      format: 'date',
      description: 'When the counter resets: the first day of the next month (UTC).',
    },
    upgrade_url: { type: 'string', format: 'uri', description: 'Where to move to a higher tier (on 402).' },
    free_stop: {
      const: true,
      description:
        'Present on a pause or budget cut made once the quota was used up: a stop is never refused, and ' +
        'this one used no unit.',
    },
  },
  required: ['used', 'limit', 'tier', 'period_end'],
};

const contentBlock: JsonSchema = {
  type: 'object',
  description: 'A non-text result block, such as an image or a resource; further properties by type.',
  properties: { type: { type: 'string', description: 'Kind of block, like image or resource.' } },
  required: ['type'],
  additionalProperties: true,
};

const toolData: JsonSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'Human-readable result, markdown-friendly.' },
    quota: { ...ref('QuotaBlock'), description: 'Usage after this call; present on billable calls.' },
    structured: {
      type: 'object',
      additionalProperties: true,
      description: 'Machine-readable result, when the tool has one (account lists, widget payloads).',
    },
    content: { type: 'array', items: ref('ContentBlock'), description: 'Non-text blocks, when any.' },
  },
  required: ['text'],
};

const successEnvelope: JsonSchema = {
  type: 'object',
  description: 'The answer of a call that succeeded (HTTP 200), or whose change waits for approval (202).',
  properties: {
    success: { const: true },
    tool: { type: 'string', description: 'The tool named in the path.' },
    data: ref('ToolData'),
    request_id: requestId,
  },
  required: ['success', 'tool', 'data', 'request_id'],
};

/** A zod schema of the answers as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
function published(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return rest;
}

// The approval exactly as get_approval and a 202 answer give it (src/tools/approvals/approval-object.ts).
const approvalChange = published(approvalChangeSchema);
const publishedApproval = published(approvalSchema);
const approval = {
  ...publishedApproval,
  properties: { ...(publishedApproval.properties as JsonSchema), change: ref('ApprovalChange') },
  description:
    "A change that waits for the owner's approval (docs/approvals.md). Nothing reaches the platform until " +
    'the owner approves; approving reads the object again and applies the change once, or ends `drifted` ' +
    'if it changed meanwhile.',
};

const approvalEnvelope: JsonSchema = {
  ...successEnvelope,
  description:
    "The answer of a change that waits for the owner's approval (HTTP 202): the success envelope, with " +
    '`data.structured.approval`.',
  properties: {
    ...(successEnvelope.properties as JsonSchema),
    data: {
      type: 'object',
      properties: {
        ...(toolData.properties as JsonSchema),
        structured: {
          type: 'object',
          properties: { approval: ref('Approval') },
          required: ['approval'],
          description: 'The approval: what waits, why, and where the owner decides.',
        },
      },
      required: ['text', 'structured'],
    },
  },
};

const errorEnvelope: JsonSchema = {
  type: 'object',
  description: 'The answer of every call that failed (HTTP 4xx and 5xx).',
  properties: {
    success: { const: false },
    error: { type: 'string', description: 'What went wrong and what to do; safe to show to end users.' },
    tool: { type: 'string', description: 'The tool named in the path; empty outside tool paths.' },
    is_error: { const: true },
    code: ref('ErrorCode'),
    request_id: requestId,
    structured_content: {
      type: 'object',
      additionalProperties: true,
      description:
        'Details for programs, when the error has any: the offending fields and the accepted ones ' +
        '(invalid_arguments), the accounts to choose from (account_selection_required).',
    },
    quota: { ...ref('QuotaBlock'), description: 'The quota block, with upgrade_url (on 402).' },
  },
  required: ['success', 'error', 'tool', 'is_error', 'code', 'request_id'],
};

/** The error envelope narrowed to the codes of one status; on 402 the quota block and its upgrade_url are required. */
function errorEnvelopeOf(status: number): JsonSchema {
  const quotaRequired = status === 402;
  return {
    description: `The error envelope of HTTP ${status}.`,
    allOf: [ref('ErrorEnvelope')],
    properties: {
      code: { type: 'string', enum: codesForStatus(status) },
      ...(quotaRequired && { quota: { allOf: [ref('QuotaBlock'), { required: ['upgrade_url'] }] } }),
    },
    ...(quotaRequired && { required: ['quota'] }),
  };
}

/** `components.schemas`: the envelopes, their parts, and one error envelope per status the tools answer. */
export function envelopeSchemas(statuses: Iterable<number>): Record<string, JsonSchema> {
  const errors = [...new Set(statuses)].filter((status) => status >= 400).sort((a, b) => a - b);
  return {
    SuccessEnvelope: successEnvelope,
    ApprovalEnvelope: approvalEnvelope,
    Approval: approval,
    ApprovalChange: approvalChange,
    ToolData: toolData,
    QuotaBlock: quotaBlock,
    ContentBlock: contentBlock,
    ErrorCode: {
      type: 'string',
      enum: Object.keys(ERROR_STATUS),
      description: 'Stable machine-readable error code; each has one HTTP status.',
    },
    ErrorEnvelope: errorEnvelope,
    ...Object.fromEntries(errors.map((status) => [errorSchemaName(status), errorEnvelopeOf(status)])),
  };
}
