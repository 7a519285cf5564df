import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/caller.ts';
import type { Config } from '../../src/config.ts';
import { AppError } from '../../src/errors.ts';
import { DEFAULT_LIMITS, type KeyLimits } from '../../src/key-limits.ts';
import { checkChange } from '../../src/pipeline/key-checks.ts';
import type { Change, DeliveryBudgets, FieldChange } from '../../src/tools/changes/change.ts';

/** A change of campaign 7 in the words of the rules: what it sets, whether it starts it delivering. */
function changeOf(
  what: string,
  parts: {
    lifetime?: number;
    raisesLifetime?: boolean;
    daily?: number;
    raisesDaily?: boolean;
    starts?: DeliveryBudgets;
    currency?: string;
  },
): Change {
  const currency = parts.starts?.currency ?? parts.currency ?? 'USD';
  const fields: FieldChange[] = [];
  if (parts.lifetime !== undefined) {
    const before = parts.raisesLifetime ? parts.lifetime - 1 : parts.lifetime + 1;
    fields.push({ field: 'budget', money: 'lifetime_budget', before, after: parts.lifetime });
  }
  if (parts.daily !== undefined || parts.raisesDaily) {
    const after = parts.daily ?? 2_000_000;
    fields.push({
      field: 'daily_budget',
      money: 'daily_budget',
      before: parts.raisesDaily ? after - 1 : after,
      after,
    });
  }
  if (parts.starts) fields.push({ field: 'status', money: 'delivery', before: false, after: true });
  return {
    what,
    currency,
    object: 'campaign 7',
    shown: { before: {}, after: {} },
    objects: [
      {
        ref: { kind: 'campaign', id: '7' },
        label: 'campaign 7',
        fields,
        delivery: { before: { active: false }, after: { active: parts.starts !== undefined } },
        budgets: parts.starts ?? { currency },
      },
    ],
  };
}

const config = { appUrl: 'https://adops.test' } as Config;

function caller(limits: Partial<KeyLimits>): Caller {
  return {
    userId: 'u1',
    email: 'owner@example.com',
    tier: 'pro',
    apiKeyId: 'k1',
    limits: { ...DEFAULT_LIMITS, scope: 'spend', ...limits },
  };
}

/** The refusal checkChange throws, or undefined when it allows the change. */
function refusal(limits: Partial<KeyLimits>, change: Change): AppError | undefined {
  try {
    checkChange(caller(limits), config, 'update_video_campaign', change);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('checkChange and lifetime budgets', () => {
  const lifetime = changeOf('set the lifetime budget to 3000.00 USD', { lifetime: 3_000_000_000 });

  it('lets a key without ceilings set a lifetime budget', () => {
    expect(refusal({ scope: 'write' }, lifetime)).toBeUndefined();
  });

  it('refuses a lifetime budget to a key with ceilings, even one far below the ceiling, saying why', () => {
    const refused = refusal(
      { ceilings: { USD: 5_000_000_000 } },
      changeOf('set the lifetime budget to 60.00 USD', { lifetime: 60_000_000 }),
    );
    expect(refused?.code).toBe('insufficient_scope');
    expect(refused?.message).toContain('caps daily budgets (at most 5000.00 USD a day)');
    expect(refused?.message).toContain('a lifetime budget of 60.00 USD, which a daily ceiling cannot bound');
    expect(refused?.message).toContain('https://adops.test/keys');
    expect(refused?.options.structuredContent).toEqual({
      limit: 'ceiling',
      currency: 'USD',
      asked: '60.00',
      ceiling: '5000.00',
      budget_type: 'lifetime',
    });
    const otherCurrency = refusal({ ceilings: { EUR: 50_000_000 } }, lifetime);
    expect(otherCurrency?.options.structuredContent).toMatchObject({
      ceiling: null,
      budget_type: 'lifetime',
    });
  });

  it('still checks the scope first: a write key may not raise a lifetime budget', () => {
    const refused = refusal(
      { scope: 'write', ceilings: { USD: 50_000_000 } },
      changeOf('raise the lifetime budget to 3000.00 USD', { lifetime: 3_000_000_000, raisesLifetime: true }),
    );
    expect(refused?.options.structuredContent).toMatchObject({ limit: 'scope', needed: 'spend' });
  });
});

describe('checkChange for an OAuth app', () => {
  const app: Caller = {
    ...caller({ scope: 'write', ceilings: { USD: 50_000_000 } }),
    apiKeyId: null,
    oauth: { clientId: 'c1', clientName: 'Claude connector', grantId: 'g1' },
  };

  it('names the app and tells how the owner grants more, not how to make a key', () => {
    const raise = changeOf('raise the daily budget', { raisesDaily: true });
    let refused: unknown;
    try {
      checkChange(app, config, 'update_search_campaign', raise);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    const { message } = refused as AppError;
    expect(message).toContain('The access the owner gave Claude connector has the write scope');
    expect(message).toContain('Connected apps at https://adops.test/keys');
    expect(message).toContain('granting the spend scope');
    expect(message).not.toContain('use a key');
  });
});

describe('checkChange when a change starts a campaign delivering', () => {
  const start = (budgets: DeliveryBudgets): Change => changeOf('activate campaign 7', { starts: budgets });
  const daily = (micros: number, currency = 'USD') => start({ currency, dailyMicros: micros });

  it('needs the spend scope even when the tool did not call it a raise', () => {
    expect(refusal({ scope: 'write' }, daily(1_000_000))?.options.structuredContent).toMatchObject({
      limit: 'scope',
      needed: 'spend',
    });
  });

  it('allows any budget without a ceiling, and a daily budget up to the ceiling', () => {
    expect(refusal({}, start({ currency: 'USD', lifetimeMicros: 9e12 }))).toBeUndefined();
    expect(refusal({ ceilings: { USD: 50_000_000 } }, daily(50_000_000))).toBeUndefined();
  });

  it('refuses a daily budget above the ceiling or in a currency without one, saying how to start within it', () => {
    const above = refusal({ ceilings: { USD: 50_000_000 } }, daily(50_010_000));
    expect(above?.message).toContain(
      'would activate campaign 7, and the campaign would then deliver on its daily budget of 50.01 USD',
    );
    expect(above?.message).toContain('Set its daily budget to 50.00 USD or less');
    expect(above?.options.structuredContent).toMatchObject({ asked: '50.01', starts_delivery: true });
    const euro = refusal({ ceilings: { USD: 50_000_000 } }, daily(1_000_000, 'EUR'));
    expect(euro?.options.structuredContent).toMatchObject({ currency: 'EUR', ceiling: null });
  });

  it('refuses a lifetime budget beside a daily one within the ceiling, and budgets held elsewhere', () => {
    const both = refusal(
      { ceilings: { USD: 50_000_000 } },
      start({ currency: 'USD', dailyMicros: 10_000_000, lifetimeMicros: 500_000_000 }),
    );
    expect(both?.options.structuredContent).toMatchObject({ budget_type: 'lifetime', asked: '500.00' });
    const elsewhere = refusal(
      { ceilings: { USD: 50_000_000 } },
      start({ currency: 'USD', elsewhere: 'by the budgets of its ad sets' }),
    );
    expect(elsewhere?.message).toContain('with its spend bounded by the budgets of its ad sets');
    expect(elsewhere?.options.structuredContent).toMatchObject({ budget_type: 'none', asked: null });
  });
});
