import type { Database } from './database';

/**
 * A hot query built once per database instead of on every call: `build` returns `db.select()....prepare('name')`
 * with `sql.placeholder('x')` where the values go, and callers run `query(db).execute({ x })`.
 *
 * Why: Drizzle turns the query builder into SQL on every call, 40-150 µs per select here, and node-postgres
 * sends unnamed statements that PostgreSQL parses and plans every time. Under `npm run load` on PostgreSQL the
 * server spent about a fifth of its CPU building SQL; preparing the per-request lookups (the session check and
 * the account) took it from about 1.1 to 0.65 ms of CPU per request. A named statement is parsed once per pooled
 * connection. PGlite ignores the name; there every repeated text is kept parsed by its own (named-statements.ts).
 * Each name must stand for one SQL text.
 */
export function preparedOnce<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const prepared = new WeakMap<Database, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
