import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialCache } from '../../src/auth/credential-cache.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

describe('the credential cache', () => {
  let database: TestDatabase;
  let storage: Storage;
  let now = 0;
  let loads = 0;
  const load = async () => {
    loads++;
    return { loads };
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    storage = openStorage(database.url);
  });

  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  it('trusts what it read for its maximum age, then reads again', async () => {
    const cache = new CredentialCache(storage, pino({ level: 'silent' }), 1000, () => now);
    loads = 0;
    expect(await cache.lookup('key', load)).toEqual({ loads: 1 });
    now += 999;
    expect(await cache.lookup('key', load)).toEqual({ loads: 1 });
    now += 1;
    expect(await cache.lookup('key', load)).toEqual({ loads: 2 });
    await cache.close();
  });

  it('reads at every lookup with a maximum age of 0', async () => {
    const cache = new CredentialCache(storage, pino({ level: 'silent' }), 0, () => now);
    loads = 0;
    await cache.lookup('key', load);
    expect(await cache.lookup('key', load)).toEqual({ loads: 2 });
    await cache.close();
  });
});
