import { formatMicros } from './money.ts';
import { isPlatform, type Platform } from './platform-families.ts';

/**
 * What an API key may do (docs/keys.md). `read`: tools that only read; `write`: writes that
 * cannot start or raise spend (create paused, edit copy, pause, lower a budget); `spend`: also activate,
 * raise a budget, create anything not paused. Each scope allows what the ones before it do.
 */
export const SCOPES = ['read', 'write', 'spend'] as const;
export type Scope = (typeof SCOPES)[number];

export interface KeyAccount {
  platform: Platform;
  accountId: string;
}

export interface KeyLimits {
  scope: Scope;
  /** The only accounts the key may see and act on; null: every account of the owner. */
  accounts: KeyAccount[] | null;
  /**
   * The (agency's) client the key is limited to, or null. Its `accounts` are then the client's as they are
   * when the key calls, those assigned later too (src/storage/api-keys.ts `keyLimits`).
   */
  clientId: string | null;
  /** Per currency, the largest daily budget (micros) a call of the key may set; null: no ceiling. */
  ceilings: Record<string, number> | null;
  /**
   * The largest raise of a campaign's daily budget, in percent of its current value, that one change
   * may make without the owner's approval; null: no such guardrail (docs/approvals.md).
   */
  maxRaisePercent: number | null;
  /** `spend`: every spend change of the key waits for the owner's approval; `none`: only the guardrails'. */
  approval: ApprovalMode;
}

export const APPROVAL_MODES = ['none', 'spend'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export function isApprovalMode(value: string): value is ApprovalMode {
  return (APPROVAL_MODES as readonly string[]).includes(value);
}

/** What keys made before scopes existed could do, and what a new key gets unless told otherwise. */
export const DEFAULT_LIMITS: KeyLimits = {
  scope: 'write',
  accounts: null,
  clientId: null,
  ceilings: null,
  maxRaisePercent: null,
  approval: 'none',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Whether a scope allows what `needed` does (spend allows write allows read). */
export function scopeCovers(scope: Scope, needed: Scope): boolean {
  return SCOPES.indexOf(scope) >= SCOPES.indexOf(needed);
}

export function allowsScope(limits: KeyLimits, needed: Scope): boolean {
  return scopeCovers(limits.scope, needed);
}

export function allowsAccount(limits: KeyLimits, platform: string, accountId: string): boolean {
  return (
    limits.accounts === null ||
    limits.accounts.some((a) => a.platform === platform && a.accountId === accountId)
  );
}

/**
 * The limits in one form whatever the order of their accounts, for fingerprints. The guardrails appear
 * only when set, so the fingerprints of calls recorded before they existed stay the same.
 */
export function canonicalLimits(limits: KeyLimits): Partial<KeyLimits> {
  const accounts = limits.accounts?.toSorted(
    (a, b) => a.platform.localeCompare(b.platform) || a.accountId.localeCompare(b.accountId),
  );
  const { maxRaisePercent, approval, clientId, ...rest } = limits;
  return {
    ...rest,
    // A client's accounts change as they are assigned: the client, not its accounts of the day, is the limit.
    accounts: clientId === null ? (accounts ?? null) : null,
    ...(clientId !== null && { clientId }),
    ...(maxRaisePercent !== null && { maxRaisePercent }),
    ...(approval !== 'none' && { approval }),
  };
}

/** The limits stored with a key row. */
export function limitsOfRow(
  row: {
    scope: string;
    account_limits: string | null;
    budget_ceilings: string | null;
    max_raise_percent: number | null;
    approval: string;
    agency_client_id?: string | null;
  },
  /** A client key's accounts as they are now; none given: it acts on none. */
  clientAccounts: KeyAccount[] = [],
): KeyLimits {
  const clientId = row.agency_client_id ?? null;
  const accounts = clientId
    ? clientAccounts
    : row.account_limits
      ? (JSON.parse(row.account_limits) as Array<{ platform: string; account_id: string }>).flatMap((a) =>
          isPlatform(a.platform) ? [{ platform: a.platform, accountId: a.account_id }] : [],
        )
      : null;
  return {
    scope: isScope(row.scope) ? row.scope : 'read',
    accounts,
    clientId,
    ceilings: row.budget_ceilings ? (JSON.parse(row.budget_ceilings) as Record<string, number>) : null,
    maxRaisePercent: row.max_raise_percent === null ? null : Number(row.max_raise_percent),
    // An unknown value asks for approval rather than none: the safer reading.
    approval: row.approval === 'none' ? 'none' : 'spend',
  };
}

/** The columns that store the limits. */
export function rowOfLimits(limits: KeyLimits): {
  scope: string;
  account_limits: string | null;
  budget_ceilings: string | null;
  max_raise_percent: number | null;
  approval: string;
  agency_client_id: string | null;
} {
  return {
    scope: limits.scope,
    account_limits:
      limits.accounts &&
      JSON.stringify(limits.accounts.map((a) => ({ platform: a.platform, account_id: a.accountId }))),
    agency_client_id: limits.clientId,
    budget_ceilings: limits.ceilings && JSON.stringify(limits.ceilings),
    max_raise_percent: limits.maxRaisePercent,
    approval: limits.approval,
  };
}

/**
 * How `proposed` would widen `current`, in words; empty when it only narrows (or keeps) it. A key can be
 * narrowed, never widened: a wider key is a new key.
 */
export function wideningOf(current: KeyLimits, proposed: KeyLimits): string[] {
  const problems: string[] = [];
  if (SCOPES.indexOf(proposed.scope) > SCOPES.indexOf(current.scope)) {
    problems.push(`the scope ${proposed.scope} is wider than the key's ${current.scope}`);
  }
  if (proposed.clientId !== current.clientId && !(current.clientId === null && current.accounts === null)) {
    problems.push(
      current.clientId === null
        ? "a client's accounts may be others than the key's own"
        : 'the key is limited to its client: a key for other accounts is a new key',
    );
  } else if (current.accounts !== null && current.clientId === null) {
    if (proposed.accounts === null) problems.push("every account is wider than the key's account list");
    else {
      for (const account of proposed.accounts) {
        if (!allowsAccount(current, account.platform, account.accountId)) {
          problems.push(
            `the ${account.platform} account ${account.accountId} is not one of the key's accounts`,
          );
        }
      }
    }
  }
  if (current.ceilings !== null) {
    if (proposed.ceilings === null) problems.push("no budget ceiling is wider than the key's ceilings");
    // A currency left out of a key's ceilings is refused altogether: leaving one out only narrows.
    for (const [currency, ceiling] of Object.entries(current.ceilings)) {
      const proposedCeiling = proposed.ceilings?.[currency];
      if (proposedCeiling !== undefined && proposedCeiling > ceiling) {
        problems.push(
          `a ${currency} ceiling of ${formatMicros(proposedCeiling, currency)} is above the key's ${formatMicros(ceiling, currency)}`,
        );
      }
    }
    for (const currency of Object.keys(proposed.ceilings ?? {})) {
      if (!(currency in current.ceilings)) {
        problems.push(`a ${currency} ceiling is new to a key that refuses every ${currency} budget`);
      }
    }
  }
  // A smaller largest raise sends more raises to the owner: adding or lowering one narrows.
  if (current.maxRaisePercent !== null) {
    if (proposed.maxRaisePercent === null) {
      problems.push(`no largest raise is wider than the key's ${current.maxRaisePercent}%`);
    } else if (proposed.maxRaisePercent > current.maxRaisePercent) {
      problems.push(
        `a largest raise of ${proposed.maxRaisePercent}% is above the key's ${current.maxRaisePercent}%`,
      );
    }
  }
  if (current.approval === 'spend' && proposed.approval !== 'spend') {
    problems.push(`approval ${proposed.approval} is wider than the key's approval of every spend change`);
  }
  return problems;
}

/** The limits in a few words, for the keys page and the CLI. */
export function describeLimits(limits: KeyLimits): string {
  const listed =
    limits.accounts === null
      ? 'every account'
      : limits.accounts.map((a) => `${a.platform} ${a.accountId}`).join(', ') || 'no account';
  const accounts = limits.clientId === null ? listed : `its client's accounts (now ${listed})`;
  const ceilings =
    limits.ceilings === null
      ? 'no budget ceiling'
      : `daily budgets up to ${Object.entries(limits.ceilings)
          .map(([currency, micros]) => `${formatMicros(micros, currency)} ${currency}`)
          .join(', ')}`;
  const guardrails = [
    ...(limits.maxRaisePercent === null ? [] : [`raises over ${limits.maxRaisePercent}% need approval`]),
    ...(limits.approval === 'spend' ? ['every spend change needs approval'] : []),
  ];
  return [limits.scope, accounts, ceilings, ...guardrails].join('; ');
}
