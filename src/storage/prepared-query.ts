import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

const PLACEHOLDER = '\u0000adops-parameter-';

interface Compiled {
  query: CompiledQuery;
  /** For each parameter of the compiled query, the argument it takes, or -1 for a constant. */
  slots: number[];
}

/**
 * A query Kysely builds and compiles once per database (its dialect adapter, which the database's
 * transactions share), then runs with new arguments: the hot path (key lookup, quota, audit) skips
 * building and compiling, in a transaction too, and SQLite reuses the prepared statement. `build` receives
 * one placeholder per argument and must use each as a plain value.
 */
export function preparedQuery<Row>(
  arity: number,
  build: (db: Kysely<Database>, ...placeholders: string[]) => Compilable<Row>,
): (db: Kysely<Database>, ...args: unknown[]) => Promise<Row[]> {
  const cache = new WeakMap<object, Compiled>();
  return async (db, ...args) => {
    if (args.length !== arity) throw new Error(`prepared query takes ${arity} arguments, got ${args.length}`);
    const { adapter } = db.getExecutor();
    let compiled = cache.get(adapter);
    if (!compiled) {
      const placeholders = Array.from({ length: arity }, (_, i) => `${PLACEHOLDER}${i}`);
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(PLACEHOLDER) ? Number(p.slice(PLACEHOLDER.length)) : -1,
      );
      compiled = { query, slots };
      cache.set(adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? args[slot] : p;
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
