import type { ErrorCode } from '../errors.ts';
import { fieldNames } from '../tools/arguments.ts';
import { formatIssues } from '../tools/invalid-arguments.ts';
import type { FieldIssue, Tool } from '../tools/tool.ts';

const REQUEST_ID = 'req_5f0c9a2e7b3d4c1e8a6f2b9d0c4e7a13';
const QUOTA = { used: 3, limit: 150, tier: 'plus', period_end: '2026-12-01' };

/**
 * A typical message per code. A Record, so the typecheck asks for one when errors.ts gains a code; the
 * document falls back to a plain sentence meanwhile rather than failing the start.
 */
const MESSAGES: Record<ErrorCode, (tool: string) => string> = {
  invalid_request: () =>
    'The request is not valid HTTP/1.1: Content-Length and Transfer-Encoding: chunked were both sent; send one.',
  request_timeout: () => 'The request did not arrive in full in time. Send it again, the whole body at once.',
  uri_too_long: () =>
    'A path segment is longer than any the service serves: tool names have at most 100 characters. Check ' +
    'the tool name (GET /api/v1/openapi.json lists them).',
  expectation_failed: () =>
    'The service meets no Expect header but 100-continue (got "bogus"). Send the request without it.',
  headers_too_large: () =>
    'The request headers are larger than the service takes (16 KiB in all). Send fewer or shorter headers.',
  invalid_body: () =>
    'The body needs an "arguments" object holding the tool\'s arguments, like {"arguments": {}}.',
  // Replaced per tool by invalidArgumentsExample, which names the tool's own fields.
  invalid_arguments: (tool) => `Invalid arguments for ${tool}: one of its fields is wrong.`,
  invalid_idempotency_key: () =>
    'The Idempotency-Key header must be a UUID, like 8e03978e-40d5-43e8-bc93-6894a57f9324.',
  account_selection_required: () =>
    'Several Meta Ads (social) accounts are connected; pass ad_account_id with one of: act_1001 (Shop), ' +
    'act_1002 (Brand).',
  account_not_connected: () =>
    'No LinkedIn Ads (network) account is connected. Connect one at https://adops.example.com/connections.',
  connection_expired: () =>
    'The connection to Google Ads (search) has expired. Reconnect at https://adops.example.com/connections.',
  assets_rejected: () =>
    'No valid image in marketing_images_square; structured_content.images says why each image was refused.',
  upstream_rejected: () => 'The platform rejected the request: the campaign is not a carousel campaign.',
  unauthenticated: () =>
    'Missing or invalid API key. Create a key at https://adops.example.com/keys and send it as ' +
    'Authorization: Bearer sk_live_...',
  origin_not_allowed: () => 'Requests from web pages on https://elsewhere.example are not accepted.',
  insufficient_scope: (tool) =>
    `This API key has the read scope, and ${tool} writes. Use a key with the write scope, or create one ` +
    'at https://adops.example.com/keys.',
  agents_stopped: () =>
    'The owner stopped all agents on 2026-11-26T03:12:00.000Z: every API key and app of this owner is ' +
    'suspended. Only the owner can resume them, at https://adops.example.com/keys or with npx adops agents resume.',
  approval_drifted: () =>
    'Campaign 1800000000000003 changed since the approval was asked for: budget was "70.00", is now ' +
    '"90.00". Nothing was written.',
  revert_drifted: () =>
    'Campaign 1800000000000003 changed since this change was made: status was "PAUSED", is now "ENABLED". ' +
    'Nothing was written: reverting would undo the later change too.',
  method_not_allowed: () => 'GET /mcp is not served. Send each JSON-RPC message with POST /mcp.',
  quota_exceeded: () =>
    'Monthly quota used up: 150 of 150 calls on the plus tier. It resets on 2026-12-01; upgrade at ' +
    'https://adops.example.com/billing.',
  not_found: () =>
    'Nothing is served at GET /api/v1/tools. Tools are called with POST /api/v1/tools/<tool>/execute.',
  tool_not_found: (tool) => `Tool not found: ${tool}`,
  idempotency_key_in_flight: () =>
    'A request with this Idempotency-Key is still running. Wait for it to finish, then retry with the same key.',
  payload_too_large: () => 'The request body is too large. Send at most the configured body limit.',
  idempotency_key_reused: () =>
    'This Idempotency-Key was already used for a different call. Use a fresh UUID for each logical operation.',
  unsupported_media_type: () => 'Send the body as JSON with the header Content-Type: application/json.',
  rate_limited: () =>
    'Too many requests with this API key: at most 20 a second, in bursts of up to 40. Retry after 1 second.',
  upstream_rate_limited: () => 'The ad platform is throttling this account. Retry after 30 seconds.',
  quota_in_flight: () =>
    'Monthly quota: 148 of 150 calls used, and 2 calls still running hold the other 2 units. Retry after ' +
    '2 seconds: a unit comes back if one of them fails.',
  internal_error: () =>
    'Internal error: TypeError. The details are logged under this request_id; report it to support.',
  upstream_error: () => 'The ad platform failed to answer. It may have acted; check before you retry.',
  storage_unavailable: () =>
    'The database could not be reached. Nothing was lost: retry after 1 second with the same Idempotency-Key.',
  service_unavailable: () =>
    'The service is shutting down and did not run this call. Retry in 1 second; another instance will take it.',
};

/** `campaign_id` → `cmapaign_id`: the kind of slip the unknown-field answer is for. */
function misspelled(field: string): string {
  // Two neighbouring letters swapped, after the first: the first pair that differs (asset_types → asest_types).
  for (let i = 1; i + 1 < field.length; i++) {
    if (field[i] !== field[i + 1])
      return `${field.slice(0, i)}${field[i + 1]}${field[i]}${field.slice(i + 2)}`;
  }
  return `${field}_`;
}

/**
 * The 400 of this tool as the service answers it: its first required field left out, or, for a tool
 * with none, its first field misspelled (a made-up one for a tool that takes no arguments).
 */
export function invalidArgumentsExample(tool: Tool): {
  arguments: Record<string, unknown>;
  issues: FieldIssue[];
  accepted: string[];
} {
  const accepted = fieldNames(tool.input);
  const example = tool.example as Record<string, unknown>;
  const required = accepted.find((field) => !tool.input.shape[field]?.safeParse(undefined).success);
  if (required !== undefined) {
    const { [required]: _left, ...rest } = example;
    return { arguments: rest, issues: [{ field: required, message: 'is required' }], accepted };
  }
  const unknown = accepted[0] === undefined ? 'campaign_id' : misspelled(accepted[0]);
  return {
    arguments: { ...example, [unknown]: example[accepted[0] ?? ''] ?? '123' },
    issues: [{ field: unknown, message: `is not an accepted field (accepted: ${accepted.join(', ')})` }],
    accepted,
  };
}

function structuredContent(tool: Tool, code: ErrorCode): Record<string, unknown> | undefined {
  if (code === 'invalid_arguments') {
    const { issues, accepted } = invalidArgumentsExample(tool);
    return { issues, accepted_fields: accepted };
  }
  if (code === 'account_selection_required') {
    return {
      argument: 'ad_account_id',
      accounts: [
        { account_id: 'act_1001', name: 'Shop', currency: 'USD', status: 'active' },
        { account_id: 'act_1002', name: 'Brand', currency: 'EUR', status: 'active' },
      ],
    };
  }
  return undefined;
}

export function errorExample(tool: Tool, code: ErrorCode): Record<string, unknown> {
  const details = structuredContent(tool, code);
  const message =
    code === 'invalid_arguments'
      ? `Invalid arguments for ${tool.name}: ${formatIssues(invalidArgumentsExample(tool).issues)}.`
      : (MESSAGES[code]?.(tool.name) ?? `The call failed with code ${code}.`);
  return {
    success: false,
    error: message,
    tool: tool.name,
    is_error: true,
    code,
    request_id: REQUEST_ID,
    ...(details && { structured_content: details }),
    ...(code === 'quota_exceeded' && {
      quota: { ...QUOTA, used: QUOTA.limit, upgrade_url: 'https://adops.example.com/billing' },
    }),
  };
}

/** A 202 answer: a budget raise tenfold, waiting for the owner. */
export function approvalExample(tool: Tool): Record<string, unknown> {
  const id = 'apr_3f6c1e0b9a8d4e2f8b7c6d5e4f3a2b1c';
  return {
    success: true,
    tool: tool.name,
    data: {
      text:
        'Not applied yet: the owner must approve this change (raise the daily budget of campaign ' +
        '1800000000000003 to 5000000.00 USD). It sets the daily budget to 5000000.00 USD, 71428 times its ' +
        'current 70.00 USD: an amount in minor units (cents) sent as major units is the usual cause. ' +
        `Follow up with get_approval {"approval_id": "${id}"}.`,
      quota: QUOTA,
      structured: {
        approval: {
          id,
          status: 'pending',
          reason:
            'It sets the daily budget of campaign 1800000000000003 to 5000000.00 USD, 71428 times its ' +
            'current 70.00 USD. A budget ten times or more its current value is never applied directly: ' +
            'an amount in minor units (cents) sent as major units is the usual cause, so check the amount.',
          requested_by: 'key demo',
          created_at: '2026-11-26T10:00:00.000Z',
          expires_at: '2026-11-27T10:00:00.000Z',
          approve_url: `https://adops.example.com/approvals/${id}`,
          change: {
            tool: tool.name,
            platform: tool.platform,
            account: '7000000000001',
            object: 'campaign 1800000000000003',
            what: 'raise the daily budget of campaign 1800000000000003 to 5000000.00 USD',
            currency: 'USD',
            before: { status: 'ACTIVE', platform_status: 'ENABLE', daily_budget: '70.00' },
            after: { status: 'ACTIVE', platform_status: 'ENABLE', daily_budget: '5000000.00' },
            projected_daily_delta: '+4999930.00',
            projected_period_delta: '+24999650.00',
            period_end: '2026-11-30',
          },
          decided_at: null,
          decided_by: null,
          result: null,
        },
      },
    },
    request_id: REQUEST_ID,
  };
}

export function successExample(tool: Tool): Record<string, unknown> {
  return {
    success: true,
    tool: tool.name,
    data: {
      text: `Result of ${tool.name}, written for people (markdown).`,
      ...(tool.billable && { quota: QUOTA }),
    },
    request_id: REQUEST_ID,
  };
}
