import {
  type CallToolRequest,
  type CallToolResult,
  type JSONRPCRequest,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  specTypeSchemas,
} from '@modelcontextprotocol/server';
import type { CallExtra } from './progress.ts';

type CallParams = CallToolRequest['params'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function described(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function invalidParams(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message);
}

/** The params of a tools/call, or the -32602 that says in plain words what is wrong with them. */
function toolCallParams(request: JSONRPCRequest): CallParams {
  const { params } = request;
  if (!isObject(params)) {
    throw invalidParams(
      'tools/call needs params: an object like {"name": "get_usage_status", "arguments": {}}.',
    );
  }
  if (typeof params.name !== 'string') {
    throw invalidParams(
      `name must be a string naming a tool (got ${described(params.name)}); tools/list lists them.`,
    );
  }
  if (params.arguments !== undefined && !isObject(params.arguments)) {
    throw invalidParams(
      `arguments must be an object holding the tool's arguments by name, like {} (got ${described(params.arguments)}).`,
    );
  }
  if (params._meta !== undefined && !isObject(params._meta)) {
    throw invalidParams(`_meta must be an object (got ${described(params._meta)}).`);
  }
  // What is left to check (a progress token's type, task options) is the protocol's own schema's.
  const checked = specTypeSchemas.CallToolRequestParams['~standard'].validate(params);
  if (checked instanceof Promise) throw new Error('the MCP schema of tools/call params is synchronous');
  if (checked.issues) {
    const [issue] = checked.issues;
    const field = issue?.path?.map((key) => (typeof key === 'object' ? key.key : key)).join('.') || 'params';
    throw invalidParams(`${field} is not valid: ${issue?.message ?? 'check it against the MCP schema'}.`);
  }
  return checked.value as CallParams;
}

/**
 * Serves tools/call on `server` with params checked by `toolCallParams`. The SDK parses a handler's params
 * with zod before the handler runs and answers a mismatch (`arguments: []`, a number for `name`) as -32603
 * Internal error, its message zod's issue list; a request the SDK has no handler for reaches the
 * fallback handler as sent, so the params are checked here, and any other unknown method is still
 * answered as the SDK would.
 */
export function serveToolCalls(
  server: Server,
  call: (params: CallParams, extra: CallExtra) => Promise<CallToolResult>,
): void {
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'tools/call')
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    return call(toolCallParams(request), extra);
  };
}
