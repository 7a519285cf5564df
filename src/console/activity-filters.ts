import { isPlatform, type Platform } from '../platform-families.ts';
import type { Actor, ChangeFilters, OutcomeFilter } from '../storage/change-history.ts';
import { type ChangeKind, isChangeKind, isWriteTool, kindClauses } from '../tools/change-kinds.ts';
import type { ToolRegistry } from '../tools/registry.ts';

/** The history's filters as the address carries them: every one in the URL, so a view can be linked. */
export interface ActivityQuery {
  /** `owner`, `member:<person id>`, `key:<key id>`, `app:<OAuth client id>` or `monitor:<monitor id>`. */
  who?: string | undefined;
  platform?: Platform | undefined;
  account?: string | undefined;
  kind?: ChangeKind | undefined;
  /** `YYYY-MM-DD`, UTC, inclusive. */
  from?: string | undefined;
  /** `YYYY-MM-DD`, UTC, inclusive. */
  to?: string | undefined;
  outcome?: OutcomeFilter | undefined;
  /** The id of the change the page starts after (older ones). */
  before?: string | undefined;
}

export const OUTCOME_LABELS: Readonly<Record<OutcomeFilter, string>> = {
  succeeded: 'Succeeded',
  waiting: 'Waited for approval',
  failed: 'Failed or refused',
};

const WHO =
  /^(owner|member:per_[0-9a-f]{32}|member:usr_[0-9a-f]{32}|key:[A-Za-z0-9_-]{1,100}|app:[^\s]{1,200}|monitor:mon_[0-9a-f]{32})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const AUDIT_ID = /^aud_[0-9a-f]{32}$/;

function one(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A real calendar day: `2026-02-30` is refused rather than read as March 2nd. */
function day(value: unknown): string | undefined {
  const text = one(value);
  if (!text || !DAY.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}

/** The filters of a request's query; a value of the wrong shape is left out, as if not given. */
export function parseActivityQuery(query: Record<string, unknown>): ActivityQuery {
  const who = one(query.who);
  const platform = one(query.platform);
  const account = one(query.account);
  const kind = one(query.kind);
  const outcome = one(query.outcome);
  const before = one(query.before);
  return {
    who: who && WHO.test(who) ? who : undefined,
    platform: platform && isPlatform(platform) ? platform : undefined,
    account: account && account.length <= 100 ? account : undefined,
    kind: kind && isChangeKind(kind) ? kind : undefined,
    from: day(query.from),
    to: day(query.to),
    outcome: outcome && Object.hasOwn(OUTCOME_LABELS, outcome) ? (outcome as OutcomeFilter) : undefined,
    before: before && AUDIT_ID.test(before) ? before : undefined,
  };
}

/** `/activity?who=...&platform=...`: the filters set, in a fixed order; `before` only when asked for. */
export function activityHref(path: string, query: ActivityQuery, before?: string): string {
  const { before: _dropped, ...filters } = query;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, value);
  if (before !== undefined) params.set('before', before);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function hasFilters(query: ActivityQuery): boolean {
  const { before: _page, ...filters } = query;
  return Object.values(filters).some((value) => value !== undefined);
}

function actorOf(who: string | undefined): Actor | undefined {
  if (who === 'owner') return { kind: 'owner' };
  if (who?.startsWith('member:')) return { kind: 'member', id: who.slice('member:'.length) };
  if (who?.startsWith('key:')) return { kind: 'key', id: who.slice('key:'.length) };
  if (who?.startsWith('app:')) return { kind: 'app', id: who.slice('app:'.length) };
  if (who?.startsWith('monitor:')) return { kind: 'monitor', id: who.slice('monitor:'.length) };
  return undefined;
}

/** The tools whose calls are changes: those not marked read-only. */
export function writeToolNames(tools: ToolRegistry): string[] {
  return [...tools.values()].filter(isWriteTool).map((tool) => tool.name);
}

/** The query as the storage's filters: the platform and the kind become conditions on the tools. */
export function changeFilters(tools: ToolRegistry, query: ActivityQuery): ChangeFilters {
  const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
  const { platform, kind } = query;
  return {
    writeTools: writeToolNames(tools),
    actor: actorOf(query.who),
    tools: platform && [...tools.values()].filter((tool) => tool.platform === platform).map((t) => t.name),
    accountId: query.account,
    kind: kind && kindClauses(tools.values(), kind),
    from: query.from && `${query.from}T00:00:00.000Z`,
    to: query.to && nextDay(query.to),
    outcome: query.outcome,
  };
}
