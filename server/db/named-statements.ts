import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Repeated statements on the embedded database as named statements, parsed and planned once (server/README.md "Named
 * statements on the embedded database").
 *
 * Why: PGlite's `query` parses and plans every statement again (the name Drizzle gives a prepared query is ignored) and
 * crosses into WebAssembly once per protocol message: parse, describe, bind, describe, execute, sync. A one-table
 * lookup took 370-570 µs that way on a data directory, and 116-120 µs as a named statement whose bind, describe,
 * execute and sync go in one buffer. Drizzle writes every value as a parameter, so a query's text repeats for each
 * of its calls and the shop has a few hundred texts in all.
 *
 * What a call does is what PGlite's `query` does (its parameters serialised by the statement's parameter types with
 * PGlite's serializers, its rows read by PGlite's `parse.parseResults` with PGlite's parsers and the call's own, an
 * error carrying the query, its parameters and options, the files synced after a statement outside a transaction),
 * only with the statement kept; a text PostgreSQL refuses to parse fails with the same error as there, and is not
 * kept. A call this does not take (a blob, parameter types or serializers of its own) goes to PGlite's `query`. At
 * most `capacity` statements are kept, the least recently used closed first.
 */
export class NamedStatements {
  readonly #client: PGlite;
  readonly #capacity: number;
  /** Kept statements by text, least recently used first (a Map keeps insertion order). */
  readonly #kept = new Map<string, { name: string; parameterTypes: number[] }>();

  constructor(client: PGlite, capacity = 500) {
    this.#client = client;
    this.#capacity = capacity;
  }

  /** How many statements are kept (tests). */
  get size(): number {
    return this.#kept.size;
  }

  /**
   * `client.query(text, params, options)` outside a transaction, run while the caller holds the database's turn (the
   * turn-taking queue): as PGlite's `query` does, it takes PGlite's transaction and query locks.
   */
  query<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    if (!takes(options)) return this.#client.query<T>(text, params, options);
    const client = this.#client;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await this.#run<T>(text, params ?? [], options);
        await client.syncToFs();
        return result;
      }),
    );
  }

  /** `tx.query(text, params, options)` inside a PGlite transaction: the statement runs under PGlite's query lock alone. */
  queryIn<T>(tx: Transaction, text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    if (!takes(options) || tx.closed) return tx.query<T>(text, params, options);
    return this.#client._runExclusiveQuery(() => this.#run<T>(text, params ?? [], options));
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement: { name: string; parameterTypes: number[] };
    try {
      statement = await this.#statement(text);
    } catch (error) {
      throw withQuery(error, text, params, options);
    }
    const serializers = this.#client.serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[statement.parameterTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    let messages: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      messages = await this.#client.execProtocolStream(
        joined([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      // A statement the database no longer has (nothing here deallocates one, but should something) is parsed again
      // by the next call rather than failing every call.
      if ((error as { code?: unknown }).code === '26000') this.#kept.delete(text);
      throw withQuery(error, text, params, options);
    }
    return parse.parseResults(messages, this.#client.parsers, options)[0] as Results<T>;
  }

  /** The kept statement for `text`, parsed (with its parameter types) the first time. */
  async #statement(text: string): Promise<{ name: string; parameterTypes: number[] }> {
    const kept = this.#kept.get(text);
    if (kept) {
      this.#kept.delete(text);
      this.#kept.set(text, kept);
      return kept;
    }
    const name = `shop_${nextName++}`;
    const described = await this.#client.execProtocolStream(
      joined([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const parameters = described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, parameterTypes: parameters?.dataTypeIDs ?? [] };
    this.#kept.set(text, statement);
    if (this.#kept.size > this.#capacity) {
      const [oldestText, oldest] = this.#kept.entries().next().value!;
      this.#kept.delete(oldestText);
      // A statement closed when it could not be (it never is: the parse just worked) is only memory kept.
      await this.#client
        .execProtocolStream(joined([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]), { syncToFs: false })
        .catch(() => undefined);
    }
    return statement;
  }
}

/** Statement names, unique in the process: two keepers on one database (tests) never take each other's. */
let nextName = 1;

/** Whether a call's options are ones this path gives the same answer for: rows as objects or arrays, parsers of its own. */
function takes(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  for (const key of Object.keys(options)) if (key !== 'rowMode' && key !== 'parsers') return false;
  return true;
}

/** What PGlite's own `query` adds to an error: the query, its parameters and options. */
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

function joined(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
