import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import { preparedQuery } from '../storage/prepared-query.ts';
import type { Database } from '../storage/schema.ts';

/** One object of a sandbox platform: a campaign, an ad, an asset... with its fields as JSON. */
export interface StoredObject<Data = Record<string, unknown>> {
  platform: Platform;
  type: string;
  id: string;
  accountId: string;
  parentId: string | null;
  data: Data;
  createdAt: string;
  updatedAt: string;
}

type Row = Database['sandbox_objects'];

function fromRow<Data>(row: Row): StoredObject<Data> {
  return {
    platform: row.platform as Platform,
    type: row.type,
    id: row.id,
    accountId: row.account_id,
    parentId: row.parent_id,
    data: JSON.parse(row.data) as Data,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// Every emulated request reads objects: prepared once (storage/prepared-query.ts), in the listing index's order.
const selectObject = preparedQuery<Row>(3, (db, platform, type, id) =>
  db
    .selectFrom('sandbox_objects')
    .selectAll()
    .where('platform', '=', platform as string)
    .where('type', '=', type as string)
    .where('id', '=', id as string),
);

const selectObjects = preparedQuery<Row>(3, (db, platform, accountId, type) =>
  db
    .selectFrom('sandbox_objects')
    .selectAll()
    .where('platform', '=', platform as string)
    .where('account_id', '=', accountId as string)
    .where('type', '=', type as string)
    .orderBy('created_at')
    .orderBy('id'),
);

const selectChildren = preparedQuery<Row>(4, (db, platform, accountId, type, parentId) =>
  db
    .selectFrom('sandbox_objects')
    .selectAll()
    .where('platform', '=', platform as string)
    .where('account_id', '=', accountId as string)
    .where('type', '=', type as string)
    .where('parent_id', '=', parentId as string)
    .orderBy('created_at')
    .orderBy('id'),
);

/** The state of the sandbox emulators, kept in the service's database so it survives restarts. */
export class SandboxStore {
  readonly #db: Kysely<Database>;
  readonly #platform: Platform;

  constructor(db: Kysely<Database>, platform: Platform) {
    this.#db = db;
    this.#platform = platform;
  }

  /** The database (or transaction) the store writes to, for the sandbox's other tables (activity). */
  get db(): Kysely<Database> {
    return this.#db;
  }

  async put<Data>(
    object: { type: string; id: string; accountId: string; parentId?: string | null; data: Data },
    now: Date,
  ): Promise<StoredObject<Data>> {
    const row: Row = {
      platform: this.#platform,
      type: object.type,
      id: object.id,
      account_id: object.accountId,
      parent_id: object.parentId ?? null,
      data: JSON.stringify(object.data),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await this.#db.insertInto('sandbox_objects').values(row).execute();
    return fromRow<Data>(row);
  }

  async get<Data>(type: string, id: string): Promise<StoredObject<Data> | undefined> {
    const [row] = await selectObject(this.#db, this.#platform, type, id);
    return row && fromRow<Data>(row);
  }

  async list<Data>(type: string, accountId: string, parentId?: string): Promise<Array<StoredObject<Data>>> {
    const rows =
      parentId === undefined
        ? await selectObjects(this.#db, this.#platform, accountId, type)
        : await selectChildren(this.#db, this.#platform, accountId, type, parentId);
    return rows.map((row) => fromRow<Data>(row));
  }

  async count(type: string, accountId: string, parentId?: string): Promise<number> {
    let query = this.#db
      .selectFrom('sandbox_objects')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('platform', '=', this.#platform)
      .where('account_id', '=', accountId)
      .where('type', '=', type);
    if (parentId !== undefined) query = query.where('parent_id', '=', parentId);
    const row = await query.executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async update<Data>(type: string, id: string, data: Data, now: Date): Promise<void> {
    await this.#db
      .updateTable('sandbox_objects')
      .set({ data: JSON.stringify(data), updated_at: now.toISOString() })
      .where('platform', '=', this.#platform)
      .where('type', '=', type)
      .where('id', '=', id)
      .execute();
  }

  async remove(type: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('sandbox_objects')
      .where('platform', '=', this.#platform)
      .where('type', '=', type)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** A new sandbox id: digits, as the platforms' own ids are. */
export function sandboxId(length = 12): string {
  let id = String(1 + Math.floor(Math.random() * 9));
  while (id.length < length) id += String(Math.floor(Math.random() * 10));
  return id;
}
