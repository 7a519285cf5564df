import type { AppError } from '../errors.ts';
import { PLATFORM_INFO } from '../platform-families.ts';
import { namesOf, type Tool } from '../tools/tool.ts';
import type { Failure } from './outcome.ts';

/**
 * Whether a call asks only to stop or lower spend (a pause, a budget change), by its arguments alone: it
 * may then run past an exhausted quota or rate limit, and the change it turns out to be decides. Any
 * argument beyond those a stop needs makes it an ordinary call, and so does `dry_run`: a dry run stops
 * nothing, it is a read.
 */
export function asksOnlyToStop(tool: Tool, args: unknown): boolean {
  const stop = tool.stop;
  if (!stop || !tool.platform || typeof args !== 'object' || args === null || Array.isArray(args)) {
    return false;
  }
  const fields = args as Record<string, unknown>;
  if (fields.dry_run !== undefined && fields.dry_run !== false) return false;
  const allowed = new Set([
    'campaign_id',
    PLATFORM_INFO[tool.platform].accountArgument,
    'dry_run',
    stop.status.field,
    ...(stop.budget ? [stop.budget] : []),
    ...(stop.alsoAllowed ?? []),
    ...Object.keys(stop.aliases ?? {}),
  ]);
  const present = Object.keys(fields).filter((field) => fields[field] !== undefined);
  if (present.some((field) => !allowed.has(field))) return false;
  // A field given by an older name counts as the field: its value read as the field takes it.
  const given = (field: string) =>
    namesOf(stop, field)
      .map((name) => fields[name])
      .find((v) => v !== undefined);
  const status = statusAsParsed(tool, stop.status.field, given(stop.status.field));
  if (status !== undefined && !stop.status.pausing.includes(String(status))) return false;
  return status !== undefined || (stop.budget !== undefined && given(stop.budget) !== undefined);
}

/**
 * The one rule of a rate-limited call, for every door: refused, unless it asks only to stop spend (then the
 * pipeline runs it, and still refuses it if it turns out to start or raise spend, or to stop nothing).
 */
export function refusedUnlessStop(
  tool: Tool | undefined,
  args: unknown,
  rejection: AppError,
): AppError | undefined {
  return tool && asksOnlyToStop(tool, args) ? undefined : rejection;
}

/** The status as the tool takes it: `paused`, or a platform's own word, may name the same pausing value. */
function statusAsParsed(tool: Tool, field: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  const parsed = tool.input.shape[field]?.safeParse(value);
  return parsed?.success ? parsed.data : value;
}

/**
 * Raised when a call let through as a stop turns out to start or raise spend: it gets its refusal. A stop
 * that turns out to change nothing gets it too (the pipeline sees no change asked for).
 */
export class NotAStop extends Error {
  readonly failure: Failure;

  constructor(failure: Failure) {
    super(failure.message);
    this.failure = failure;
  }
}
