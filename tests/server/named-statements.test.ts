import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { NamedStatements } from '../../server/db/named-statements';

/**
 * The embedded database's repeated statements kept parsed and planned (server/db/named-statements.ts): every answer
 * and every error is PGlite's own `query`'s, a text is parsed once, and at most `capacity` are kept.
 */
describe('named statements on the embedded database', () => {
  let client: PGlite;
  const kept = async () => (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`
      create table things (
        id serial primary key, code text not null unique, amount bigint, answers jsonb, at timestamptz,
        active boolean, tags text[], data bytea, note text
      )`);
  });
  afterAll(async () => {
    await client.close();
  });

  // Drizzle's options: rows as arrays, timestamps and dates left as text.
  const drizzleOptions = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value } };
  const insert = 'insert into things (code, amount, answers, at, active, tags, data, note) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *';
  const byCode = 'select * from things where code = $1';

  it('answers as PGlite does, for every type the shop stores, with and without Drizzle’s options', async () => {
    const statements = new NamedStatements(client);
    const values = (code: string) => [
      code,
      12345678901n,
      { hair: ['wavy'], n: 2 },
      new Date('2026-11-28T10:00:00Z'),
      true,
      ['a', 'b'],
      new Uint8Array([1, 2, 3]),
      null,
    ];
    const mine = await statements.query(insert, values('one'), undefined);
    const theirs = await client.query(insert, values('two'), undefined);
    expect({ ...mine, rows: mine.rows.map((row) => ({ ...(row as object), id: 0, code: '' })) }).toEqual({
      ...theirs,
      rows: theirs.rows.map((row) => ({ ...(row as object), id: 0, code: '' })),
    });
    for (const options of [undefined, drizzleOptions, { rowMode: 'object' as const }]) {
      expect(await statements.query(byCode, ['one'], options)).toEqual(await client.query(byCode, ['one'], options));
    }
    // No row, and a statement that returns none.
    expect(await statements.query(byCode, ['none'], drizzleOptions)).toEqual(await client.query(byCode, ['none'], drizzleOptions));
    const update = 'update things set note = $1 where code = $2';
    expect(await statements.query(update, ['seen', 'one'], undefined)).toEqual(await client.query(update, ['seen', 'two'], undefined));
  });

  it('parses a text once and keeps it: three calls, one statement', async () => {
    const statements = new NamedStatements(client);
    const before = await kept();
    const text = 'select code from things where id > $1 order by id';
    for (let i = 0; i < 3; i++) await statements.query(text, [0], undefined);
    expect(statements.size).toBe(1);
    expect(await kept()).toBe(before + 1);
  });

  it('keeps at most its capacity: the least recently used is closed, and parsed again when it comes back', async () => {
    const statements = new NamedStatements(client, 2);
    const before = await kept();
    const texts = ['select 1 + $1::int as n', 'select 2 + $1::int as n', 'select 3 + $1::int as n'];
    for (const text of texts) await statements.query(text, [1], undefined);
    expect(statements.size).toBe(2);
    expect(await kept()).toBe(before + 2);
    expect((await statements.query<{ n: number }>(texts[0]!, [1], undefined)).rows).toEqual([{ n: 2 }]);
    expect(await kept()).toBe(before + 2);
  });

  it('fails as PGlite does: a unique violation carries its code and the query; a text that does not parse is not kept', async () => {
    const statements = new NamedStatements(client);
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error as { code?: string; message: string; query?: string; params?: unknown[] },
      );
    const values = ['one', null, null, null, null, null, null, null];
    const mine = await failure(statements.query(insert, values, undefined));
    const theirs = await failure(client.query(insert, values, undefined));
    expect(mine).toMatchObject({ code: '23505', message: theirs!.message, query: insert, params: values });
    const broken = 'selec code from things where id = $1';
    const refused = await failure(statements.query(broken, [1], undefined));
    expect(refused).toMatchObject({ code: '42601', message: (await failure(client.query(broken, [1], undefined)))!.message, query: broken });
    expect(statements.size).toBe(1);
    // The database goes on: the kept statement still answers.
    expect((await statements.query(byCode, ['one'], undefined)).rows).toHaveLength(1);
  });

  it('in a transaction: its statements see its own writes, an error rolls it all back, and the statements go on after it', async () => {
    const statements = new NamedStatements(client);
    const count = 'select count(*)::int as n from things where note = $1';
    await expect(
      client.transaction(async (tx) => {
        await statements.queryIn(tx, insert, ['three', null, null, null, null, null, null, 'tx'], undefined);
        expect((await statements.queryIn<{ n: number }>(tx, count, ['tx'], undefined)).rows).toEqual([{ n: 1 }]);
        await statements.queryIn(tx, insert, ['three', null, null, null, null, null, null, 'tx'], undefined);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await statements.query<{ n: number }>(count, ['tx'], undefined)).rows).toEqual([{ n: 0 }]);
    await client.transaction(async (tx) => {
      await statements.queryIn(tx, insert, ['four', null, null, null, null, null, null, 'tx'], undefined);
    });
    expect((await statements.query<{ n: number }>(count, ['tx'], undefined)).rows).toEqual([{ n: 1 }]);
  });

  it('a statement the database no longer has fails that call, and the next call parses it again', async () => {
    const statements = new NamedStatements(client);
    const text = 'select $1::int * 2 as n';
    expect((await statements.query<{ n: number }>(text, [2], undefined)).rows).toEqual([{ n: 4 }]);
    await client.exec('deallocate all');
    await expect(statements.query(text, [3], undefined)).rejects.toMatchObject({ code: '26000' });
    expect((await statements.query<{ n: number }>(text, [4], undefined)).rows).toEqual([{ n: 8 }]);
  });
});
