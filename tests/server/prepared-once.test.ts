import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { preparedOnce } from '../../server/db/prepared-once';
import { users } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';

it('builds a query once per database', () => {
  let builds = 0;
  const query = preparedOnce((db) => ({ db, build: ++builds }));
  const one = {} as Database;
  const two = {} as Database;
  expect(query(one)).toBe(query(one));
  expect(query(two).build).toBe(2);
  expect(query(one).build).toBe(1);
});

describeEachDatabase('a prepared query', (database) => {
  const emailOf = preparedOnce((db) =>
    db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.pubkey, sql.placeholder('pubkey')))
      .prepare('test_email_of'),
  );

  it('runs again and again with new values, also from many requests at once', async () => {
    const { db } = database();
    const rows = Array.from({ length: 12 }, (_, i) => ({ pubkey: `prepared-${i}`, email: `prepared-${i}@example.com`, isGuest: false }));
    await db.insert(users).values(rows);
    const found = await Promise.all(rows.map((row) => emailOf(db).execute({ pubkey: row.pubkey })));
    expect(found).toEqual(rows.map((row) => [{ email: row.email }]));
    expect(await emailOf(db).execute({ pubkey: 'nobody' })).toEqual([]);
  });
});
