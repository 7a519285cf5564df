import type { Kysely } from 'kysely';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import type { Database, WebhookEndpoint } from './schema.ts';

/** Associated data of a signing secret's ciphertext: it decrypts only in this row. */
function boundTo(endpointId: string): string {
  return `webhook_endpoints/${endpointId}/secret`;
}

export async function insertWebhookEndpoint(
  db: Kysely<Database>,
  cipher: TokenCipher,
  fields: { id: string; userId: string; url: string; events: readonly string[]; secret: string; now: Date },
): Promise<WebhookEndpoint> {
  const row: WebhookEndpoint = {
    id: fields.id,
    user_id: fields.userId,
    url: fields.url,
    events: JSON.stringify(fields.events),
    secret: cipher.encrypt(fields.secret, boundTo(fields.id)),
    created_at: fields.now.toISOString(),
    disabled_at: null,
    disabled_reason: null,
    failing_since: null,
  };
  await db.insertInto('webhook_endpoints').values(row).execute();
  return row;
}

/** The signing secret in clear, to sign a delivery or show the owner once. */
export function readEndpointSecret(cipher: TokenCipher, endpoint: WebhookEndpoint): string {
  return cipher.decrypt(endpoint.secret, boundTo(endpoint.id));
}

/** The event types an endpoint was registered for. */
export function endpointEvents(endpoint: WebhookEndpoint): string[] {
  return JSON.parse(endpoint.events) as string[];
}

/** The owner's endpoints, oldest first. */
export async function listWebhookEndpoints(db: Kysely<Database>, userId: string): Promise<WebhookEndpoint[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The owner's endpoints that deliveries stopped for (by the owner or after days of failures). */
export async function listDisabledEndpoints(
  db: Kysely<Database>,
  userId: string,
): Promise<WebhookEndpoint[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('disabled_at', 'is not', null)
    .orderBy('disabled_at', 'desc')
    .execute();
}

/** One endpoint by id; with `userId`, only that owner's (another owner's is not found). */
export async function findWebhookEndpoint(
  db: Kysely<Database>,
  id: string,
  userId?: string,
): Promise<WebhookEndpoint | undefined> {
  let query = db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

export async function replaceEndpointSecret(
  db: Kysely<Database>,
  cipher: TokenCipher,
  id: string,
  secret: string,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ secret: cipher.encrypt(secret, boundTo(id)) })
    .where('id', '=', id)
    .execute();
}

/** Removes an endpoint and its deliveries; the events stay (other endpoints may have them). */
export async function deleteWebhookEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  });
}

/** Stops deliveries to an endpoint, if it is enabled; returns whether this call disabled it. */
export async function disableWebhookEndpoint(
  db: Kysely<Database>,
  id: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now.toISOString(), disabled_reason: reason })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Delivers to the endpoint again, its failures forgotten: the next failure starts a new count. */
export async function enableWebhookEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: null, disabled_reason: null, failing_since: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Notes a failed attempt: the endpoint is failing from now on, unless it already was. Returns since when
 * it fails.
 */
export async function noteEndpointFailure(db: Kysely<Database>, id: string, now: Date): Promise<string> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now.toISOString() })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('failing_since')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.failing_since ?? now.toISOString();
}

/** A delivery succeeded: the endpoint works. */
export async function noteEndpointSuccess(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}
