import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import type { Tool } from '../tools/tool.ts';

/** Every HTTP status the execute endpoint can give for this tool, in ascending order. */
export function toolStatuses(tool: Tool): number[] {
  const statuses = [200, 400, 401];
  if (tool.billable) statuses.push(402);
  // A key's scope or budget ceiling refuses only tools that write.
  if (!tool.annotations.readOnlyHint) statuses.push(403);
  statuses.push(404, 408, 409, 413, 414, 415, 417, 422, 429, 431, 500, 503);
  return statuses;
}

/** The error codes that come with a status, from the one closed list in errors.ts. */
export function codesForStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
}
