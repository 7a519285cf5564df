import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KeyLimitsError,
  keyLimitsFrom,
  parseApproval,
  parseMaxRaisePercent,
} from '../../src/auth/key-limits-input.ts';
import { DEFAULT_LIMITS, type KeyLimits } from '../../src/key-limits.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { createUser } from '../../src/storage/users.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

describe('what an owner types for the spend guardrails', () => {
  it('takes a whole percent from 1 to 1000 as the largest raise', () => {
    expect(parseMaxRaisePercent('1')).toBe(1);
    expect(parseMaxRaisePercent(' 50 ')).toBe(50);
    expect(parseMaxRaisePercent('1000')).toBe(1000);
  });

  it.each(['0', '1001', '-5', '50.5', '1e2', '0x32', '50%', 'fifty', ''])(
    'refuses %j as a largest raise, saying what to write',
    (text) => {
      expect(() => parseMaxRaisePercent(text)).toThrow(KeyLimitsError);
      expect(() => parseMaxRaisePercent(text)).toThrow(/whole percent from 1 to 1000, like 50/);
    },
  );

  it('takes none or spend as the approval, and refuses anything else', () => {
    expect(parseApproval('none')).toBe('none');
    expect(parseApproval(' Spend ')).toBe('spend');
    for (const text of ['all', 'yes', 'read']) {
      expect(() => parseApproval(text)).toThrow(/is not an approval: use none or spend/);
    }
  });
});

// keyLimitsFrom reads the owner's accounts from the database; SQLite is enough for what is parsed here.
describe('keyLimitsFrom with the spend guardrails', () => {
  let database: TestDatabase;
  let storage: Storage;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    storage = openStorage(database.url);
    await migrateToLatest(storage.db);
    userId = (await createUser(storage.db, 'input@example.com', 'free', new Date())).id;
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('sets both, and keeps those of the base when they are left out or empty', async () => {
    const typed = await keyLimitsFrom(storage.db, userId, {
      scope: 'spend',
      maxRaisePercent: '25',
      approval: 'spend',
    });
    expect(typed).toEqual({ ...DEFAULT_LIMITS, scope: 'spend', maxRaisePercent: 25, approval: 'spend' });
    const base: KeyLimits = { ...DEFAULT_LIMITS, scope: 'spend', maxRaisePercent: 40, approval: 'spend' };
    expect(await keyLimitsFrom(storage.db, userId, { scope: 'read' }, base)).toEqual({
      ...base,
      scope: 'read',
    });
    expect(await keyLimitsFrom(storage.db, userId, { maxRaisePercent: ' ', approval: '' }, base)).toEqual(
      base,
    );
  });

  it('refuses spend guardrails on a key that may not spend, which would never judge a raise', async () => {
    for (const scope of ['read', 'write', undefined]) {
      await expect(keyLimitsFrom(storage.db, userId, { scope, maxRaisePercent: '50' })).rejects.toThrow(
        /a largest raise applies only to a key with the spend scope: this (read|write) key may not raise/,
      );
      await expect(keyLimitsFrom(storage.db, userId, { scope, approval: 'spend' })).rejects.toThrow(
        /approval of spend changes applies only to a key with the spend scope/,
      );
    }
    // Approval `none` is no guardrail, and a spend key narrowed to write keeps the ones it had.
    expect((await keyLimitsFrom(storage.db, userId, { scope: 'write', approval: 'none' })).approval).toBe(
      'none',
    );
    const spendKey: KeyLimits = { ...DEFAULT_LIMITS, scope: 'spend', maxRaisePercent: 40, approval: 'spend' };
    const narrowed = { scope: 'write', maxRaisePercent: '40', approval: 'spend' };
    expect(await keyLimitsFrom(storage.db, userId, narrowed, spendKey)).toEqual({
      ...spendKey,
      scope: 'write',
    });
  });

  it('refuses a bad largest raise or approval', async () => {
    await expect(keyLimitsFrom(storage.db, userId, { maxRaisePercent: '2000' })).rejects.toThrow(
      /"2000" is not a largest raise/,
    );
    await expect(keyLimitsFrom(storage.db, userId, { approval: 'always' })).rejects.toThrow(
      /"always" is not an approval/,
    );
  });
});
