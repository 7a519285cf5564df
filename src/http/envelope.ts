import type { Outcome } from '../pipeline/outcome.ts';

/** The success or error envelope of the specification, with `request_id` and `code` added. */
export function toEnvelope(outcome: Outcome): Record<string, unknown> {
  if (outcome.ok) {
    return { success: true, tool: outcome.tool, data: outcome.data, request_id: outcome.requestId };
  }
  return {
    success: false,
    error: outcome.message,
    tool: outcome.tool,
    is_error: true,
    code: outcome.code,
    request_id: outcome.requestId,
    ...(outcome.structuredContent && { structured_content: outcome.structuredContent }),
    ...(outcome.quota && { quota: outcome.quota }),
  };
}
