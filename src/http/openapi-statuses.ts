import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { declaresMoney } from '../tools/changes/declaration.ts';
import type { Tool } from '../tools/tool.ts';

/** Every HTTP status the execute endpoint can give for this tool, in ascending order. */
export function toolStatuses(tool: Tool): number[] {
  const statuses = [200];
  // A spend change that waits for the owner's approval (docs/approvals.md).
  if (declaresMoney(tool.changes)) statuses.push(202);
  statuses.push(400, 401);
  if (tool.billable) statuses.push(402);
  // A key's scope or budget ceiling refuses tools that write; a stop of all agents refuses every tool.
  statuses.push(403, 404, 408, 409, 413, 414, 415, 417, 422, 429, 431, 500, 503);
  return statuses;
}

/** The error codes that come with a status, from the one closed list in errors.ts. */
export function codesForStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
}
