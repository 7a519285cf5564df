import { readFileSync } from 'node:fs';
import {
  type CallToolRequest,
  type CallToolResult,
  type ProtocolEra,
  ProtocolError,
  ProtocolErrorCode,
  Server,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Caller } from '../caller.ts';
import type { Services } from '../context.ts';
import type { AppError } from '../errors.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import { failureOutcome } from '../pipeline/outcome.ts';
import { acceptsTasks, approvalTask, TASKS_EXTENSION, waitingApproval } from './approval-tasks.ts';
import { toCallToolResult } from './call-result.ts';
import { serveCompletions } from './completions.ts';
import type { Admission, McpDoor } from './door.ts';
import { META } from './meta.ts';
import { type CallExtra, progressRelay } from './progress.ts';
import { servePrompts } from './prompts.ts';
import { resourceLinks, serveResources } from './resources.ts';
import { stageProgress } from './stage-progress.ts';
import { serveApprovalTasks } from './task-methods.ts';
import { serveToolCalls } from './tool-calls.ts';
import { callerToolList } from './tool-list.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The server checks JSON Schemas only for requests it sends to clients, which this one never does;
 * making its Ajv instance once rather than per request saves most of the cost of a stateless request.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * How long a 2026-07-28 client may keep what it was told. A tool list is the caller's own (its key's
 * scope, its accounts' platforms) and changes when the owner connects an account or narrows the key: a
 * minute. What the server is changes only with a release.
 */
const CACHE_HINTS = {
  'tools/list': { ttlMs: 60_000, cacheScope: 'private' },
  'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
} as const;

/** Sent at initialize: what a model should know before its first call. */
export const INSTRUCTIONS =
  'adops runs advertising operations for the owner of the API key on Google Ads (search), LinkedIn ' +
  '(network), Meta (social) and TikTok (video). When unsure which ad account to act on, call ' +
  'list_connected_accounts; when several accounts are connected on a platform, pass the id the tool asks ' +
  'for. Every tool except get_usage_status, list_connected_accounts and get_connections_status uses one ' +
  'unit of the monthly quota; pass dry_run: true to check a change without making it or using quota. ' +
  'Campaigns are created paused and spend nothing until someone activates them. A change the owner must ' +
  'approve first is answered with structuredContent.approval: follow up with get_approval rather than ' +
  'repeating it. Pausing and lowering budgets always work, even with the quota used up. To retry a call safely, ' +
  `send the same UUID in _meta["${META.idempotencyKey}"] both times.`;

/**
 * An MCP server over the registry and the one pipeline. It uses the SDK's low-level `Server` rather than
 * `McpServer`, whose `registerTool` validates arguments itself: here the pipeline is the only validator,
 * so a failure reads the same on every door, and the schemas clients see are generated from the same
 * zod schemas.
 */
export function createMcpServer(services: Services, door: McpDoor, era: ProtocolEra): Server {
  const server = new Server(
    { name: 'adops', version: VERSION },
    {
      capabilities: {
        tools: {},
        resources: {},
        prompts: {},
        completions: {},
        // The Tasks extension is of the current protocol: a 2025-era client follows an approval with get_approval.
        ...(era === 'modern' && { extensions: { [TASKS_EXTENSION]: {} } }),
      },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: SCHEMA_VALIDATOR,
      cacheHints: CACHE_HINTS,
    },
  );
  server.setRequestHandler('tools/list', async () => ({
    tools: await callerToolList(services, await door.lister(), era),
  }));
  const call = (params: CallToolRequest['params'], extra: CallExtra) =>
    callTool(services, door, params, extra);
  serveResources(server, call);
  servePrompts(server);
  serveCompletions(server, services, () => door.lister());
  if (era === 'legacy') {
    serveToolCalls(server, call);
    return server;
  }
  serveToolCalls(server, async (params, extra) => {
    const result = await call(params, extra);
    const approval = acceptsTasks(extra) ? waitingApproval(result) : undefined;
    if (!approval) return result;
    const requestId = String(result._meta?.[META.requestId] ?? '');
    // The Tasks extension's CreateTaskResult, in lieu of the call's result; the SDK's type knows only the latter.
    const created = { resultType: 'task', ...approvalTask(approval, requestId), _meta: result._meta };
    return created as unknown as CallToolResult;
  });
  serveApprovalTasks(server, call);
  return server;
}

async function callTool(
  services: Services,
  door: McpDoor,
  params: CallToolRequest['params'],
  extra: CallExtra,
): Promise<CallToolResult> {
  const started = performance.now();
  const requestId = door.nextRequestId();
  const entry = admitted(await door.admit());
  if ('refusal' in entry) {
    const failure = failureOutcome(params.name, requestId, entry.refusal);
    await services.audit.recordRejection({
      requestId,
      tool: params.name,
      caller: entry.caller ?? undefined,
      failure,
      latencyMs: performance.now() - started,
      now: services.clock.now(),
    });
    return toCallToolResult({ outcome: failure, replayed: false });
  }

  const relay = door.takesProgress ? progressRelay(extra) : undefined;
  const progress = relay && stageProgress(relay);
  const execution = await executeTool(services, entry.caller, params.name, params.arguments ?? {}, {
    requestId,
    mode: {
      kind: 'call',
      idempotencyKey: metaIdempotencyKey(params._meta) ?? door.idempotencyKey,
      rateLimited: entry.rateLimited,
    },
    ...(progress && { onProgress: progress.report }),
  });
  if (execution.outcome.ok) progress?.finish();
  await relay?.drained();
  const { outcome } = execution;
  services.logger.info(
    {
      request_id: requestId,
      door: 'mcp',
      tool: params.name,
      status: outcome.status,
      code: outcome.ok ? undefined : outcome.code,
      replayed: execution.replayed || undefined,
      latency_ms: Math.round(performance.now() - started),
    },
    'tool call completed',
  );
  // A tool that does not exist is a protocol error (as the MCP specification shows it); every other
  // failure is the tool's own result, which the model reads and can act on.
  if (!outcome.ok && outcome.code === 'tool_not_found') {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, outcome.message, {
      [META.code]: outcome.code,
      [META.requestId]: requestId,
    });
  }
  const result = toCallToolResult(execution);
  if (outcome.ok) result.content.push(...resourceLinks(params.name, outcome.data.structured));
  return result;
}

/**
 * Whether the call runs, and as whom. A rate-limited call goes to the pipeline, which answers the refusal
 * unless the call only stops spend; any other refusal (no caller) is answered here.
 */
function admitted(
  admission: Admission,
): { caller: Caller; rateLimited?: AppError } | { refusal: AppError; caller: Caller | null } {
  if (admission.rejection === undefined) return { caller: admission.caller };
  const { caller, rejection } = admission;
  return caller && rejection.code === 'rate_limited'
    ? { caller, rateLimited: rejection }
    : { refusal: rejection, caller };
}

/** The call's own key; a value that is not a string goes on as text, for the pipeline to refuse. */
function metaIdempotencyKey(meta: Record<string, unknown> | undefined): string | undefined {
  const value = meta?.[META.idempotencyKey];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
