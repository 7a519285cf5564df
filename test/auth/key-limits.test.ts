import { describe, expect, it } from 'vitest';
import {
  allowsAccount,
  allowsScope,
  describeLimits,
  type KeyLimits,
  wideningOf,
} from '../../src/key-limits.ts';

const key = (limits: Partial<KeyLimits>): KeyLimits => ({
  maxRaisePercent: null,
  approval: 'none',
  scope: 'write',
  accounts: null,
  clientId: null,
  ceilings: null,
  ...limits,
});

describe('key limits', () => {
  it('order the scopes: spend allows write allows read', () => {
    expect(allowsScope(key({ scope: 'read' }), 'write')).toBe(false);
    expect(allowsScope(key({ scope: 'write' }), 'read')).toBe(true);
    expect(allowsScope(key({ scope: 'write' }), 'spend')).toBe(false);
    expect(allowsScope(key({ scope: 'spend' }), 'write')).toBe(true);
  });

  it('see every account without a list, and only the listed ones with one', () => {
    expect(allowsAccount(key({}), 'network', '1')).toBe(true);
    const limited = key({ accounts: [{ platform: 'network', accountId: '1' }] });
    expect(allowsAccount(limited, 'network', '1')).toBe(true);
    expect(allowsAccount(limited, 'search', '1')).toBe(false);
    expect(allowsAccount(limited, 'network', '2')).toBe(false);
  });

  it('let a key be narrowed and say how a change would widen it', () => {
    const current = key({
      scope: 'write',
      accounts: [{ platform: 'network', accountId: '1' }],
      ceilings: { USD: 50_000_000, EUR: 40_000_000 },
    });
    expect(
      wideningOf(
        current,
        key({
          scope: 'read',
          accounts: [{ platform: 'network', accountId: '1' }],
          ceilings: { USD: 10_000_000 },
        }),
      ),
    ).toEqual([]);
    expect(wideningOf(current, { ...current, scope: 'spend' })).toEqual([
      "the scope spend is wider than the key's write",
    ]);
    expect(wideningOf(current, { ...current, accounts: null })).toEqual([
      "every account is wider than the key's account list",
    ]);
    expect(
      wideningOf(current, { ...current, accounts: [{ platform: 'search', accountId: '9' }] })[0],
    ).toMatch(/not one of the key's accounts/);
    expect(wideningOf(current, { ...current, ceilings: null })).toEqual([
      "no budget ceiling is wider than the key's ceilings",
    ]);
    expect(wideningOf(current, { ...current, ceilings: { USD: 60_000_000, EUR: 40_000_000 } })[0]).toBe(
      "a USD ceiling of 60.00 is above the key's 50.00",
    );
    expect(
      wideningOf(current, { ...current, ceilings: { USD: 50_000_000, EUR: 40_000_000, GBP: 1_000_000 } })[0],
    ).toMatch(/GBP ceiling is new/);
    // A key without ceilings may get some: that narrows it.
    expect(wideningOf(key({}), key({ ceilings: { USD: 1_000_000 } }))).toEqual([]);
  });

  it('let a key get or lower a largest raise and get approval of every spend change, never the reverse', () => {
    const guarded = key({ maxRaisePercent: 50, approval: 'spend' });
    expect(wideningOf(key({}), guarded)).toEqual([]);
    expect(wideningOf(guarded, { ...guarded, maxRaisePercent: 20 })).toEqual([]);
    expect(wideningOf(guarded, guarded)).toEqual([]);
    expect(wideningOf(guarded, { ...guarded, maxRaisePercent: null })).toEqual([
      "no largest raise is wider than the key's 50%",
    ]);
    expect(wideningOf(guarded, { ...guarded, maxRaisePercent: 51 })).toEqual([
      "a largest raise of 51% is above the key's 50%",
    ]);
    expect(wideningOf(guarded, { ...guarded, approval: 'none' })).toEqual([
      "approval none is wider than the key's approval of every spend change",
    ]);
    expect(wideningOf(guarded, key({}))).toHaveLength(2);
  });

  it('describe themselves in a few words', () => {
    expect(describeLimits(key({}))).toBe('write; every account; no budget ceiling');
    expect(
      describeLimits(
        key({
          scope: 'read',
          accounts: [{ platform: 'video', accountId: '7' }],
          ceilings: { JPY: 5_000_000_000 },
        }),
      ),
    ).toBe('read; video 7; daily budgets up to 5000 JPY');
    expect(describeLimits(key({ scope: 'spend', maxRaisePercent: 50 }))).toBe(
      'spend; every account; no budget ceiling; raises over 50% need approval',
    );
    expect(describeLimits(key({ maxRaisePercent: 10, approval: 'spend' }))).toBe(
      'write; every account; no budget ceiling; raises over 10% need approval; every spend change needs approval',
    );
  });
});
