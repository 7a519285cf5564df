import type { Kysely } from 'kysely';
import type { AuditEntry, Database } from './schema.ts';

export async function insertAuditEntries(db: Kysely<Database>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('audit_log').values(entries).execute();
}

export async function listAuditEntries(db: Kysely<Database>, userId: string, limit = 100) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
