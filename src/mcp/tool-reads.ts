import {
  type CallToolRequest,
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { META } from './meta.ts';

/** A tools/call as the door runs it: the same pipeline, caller and audit as any call. */
export type CallTool = (params: CallToolRequest['params'], context: ServerContext) => Promise<CallToolResult>;

/** JSON-RPC's range for errors a server defines: a refusal (quota, rate limit, scope) is neither of its own. */
const REFUSED = -32000;

/** The codes of a failure that mean what was asked for is not the caller's, or does not exist. */
const NOT_FOUND_CODES = new Set(['not_found', 'invalid_arguments', 'account_not_connected']);

/**
 * What a method other than tools/call (a task, a resource) reads by running a tool: the tool's successful
 * result, or the protocol's error in its stead, since those methods have no result that carries a failure.
 * Something that is not there is -32602 with `notFound`'s message; any other refusal keeps the tool's
 * message, with its code, status and wait in `data`.
 */
export async function readThroughTool(
  callTool: CallTool,
  params: CallToolRequest['params'],
  context: ServerContext,
  notFound: (message: string) => ProtocolError,
): Promise<CallToolResult> {
  const result = await callTool(params, context);
  if (!result.isError) return result;
  const [first] = result.content;
  const message = first?.type === 'text' ? first.text : `${params.name} failed.`;
  const meta = result._meta ?? {};
  if (NOT_FOUND_CODES.has(String(meta[META.code]))) throw notFound(message);
  throw new ProtocolError(REFUSED, message, meta);
}

/** -32602, the protocol's answer to params naming something that is not there. */
export function invalidParams(message: string, data?: Record<string, unknown>): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message, data);
}
