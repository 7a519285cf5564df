import type { Dialect } from '../../src/storage/database.ts';

/** Storage and end-to-end tests run once per dialect listed in ADOPS_TEST_DIALECTS (default both). */
export const TEST_DIALECTS: Dialect[] = (process.env.ADOPS_TEST_DIALECTS ?? 'sqlite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is Dialect => d === 'sqlite' || d === 'postgres');

export const POSTGRES_ADMIN_URL =
  process.env.ADOPS_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
