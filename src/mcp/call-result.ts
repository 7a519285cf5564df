import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Execution } from '../pipeline/execute-tool.ts';
import { META } from './meta.ts';

/**
 * A pipeline outcome as a tools/call result: the REST envelope's `data.text` becomes the text content,
 * `data.structured` the structured content; a failure is an `isError` result whose text is the REST
 * error message, with the code, status, quota and details in `_meta`.
 */
export function toCallToolResult({ outcome, replayed }: Execution): CallToolResult {
  const meta: Record<string, unknown> = { [META.requestId]: outcome.requestId };
  if (replayed) meta[META.replayed] = true;
  if (outcome.ok) {
    const { data } = outcome;
    if (data.quota) meta[META.quota] = data.quota;
    if (outcome.status !== 200) meta[META.status] = outcome.status;
    return {
      content: [{ type: 'text', text: data.text }, ...((data.content ?? []) as CallToolResult['content'])],
      ...(data.structured && { structuredContent: data.structured }),
      _meta: meta,
    };
  }
  meta[META.code] = outcome.code;
  meta[META.status] = outcome.status;
  if (outcome.quota) meta[META.quota] = outcome.quota;
  if (outcome.retryAfterSeconds !== undefined) meta[META.retryAfterSeconds] = outcome.retryAfterSeconds;
  if (outcome.structuredContent) meta[META.details] = outcome.structuredContent;
  return { isError: true, content: [{ type: 'text', text: outcome.message }], _meta: meta };
}
