/**
 * Writing the knowledge base at start (server/help/seed-knowledge-base.ts): the tables are written when the files say
 * something new (a changed article is served as changed) and left alone when they say what the tables already hold
 * (the fingerprint kept in `settings`), and processes starting together on one PostgreSQL agree.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open-database';
import type { Database } from '../../../server/db/database';
import { loadKnowledgeBase, type KnowledgeBase } from '../../../server/help/load-knowledge-base';
import { knowledgeBaseFingerprint, seedKnowledgeBase } from '../../../server/help/seed-knowledge-base';
import { createPostgresDatabase, describeEachDatabase } from '../support/databases';
import { createTestApp } from '../support/test-app';
import { removeTempDirs, tempDir } from '../support/temp-dirs';

afterAll(removeTempDirs);

/** A copy of the shop's knowledge base files, to change. */
function contentCopy(): string {
  const dir = tempDir('kb-seed');
  cpSync('shop/help/content', dir, { recursive: true });
  return dir;
}

/** A query's rows (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Each article row's id and the transaction that wrote it (xmin): a row written again has a new one. */
async function rowVersions(db: Database): Promise<Record<string, string>> {
  const list = await rowsOf<{ id: string; version: string }>(db, sql`select id, xmin::text as version from kb_articles order by id`);
  return Object.fromEntries(list.map((row) => [row.id, row.version]));
}

describeEachDatabase('the knowledge base is written at start only when its files changed', (database) => {
  it('the same files a second time write nothing: every row is the one written before', async () => {
    const { db } = database();
    const base = loadKnowledgeBase(contentCopy());
    // The run's template databases already hold the shop's base; a database made here does not, and is written.
    await seedKnowledgeBase(db, base);
    const before = await rowVersions(db);
    expect(Object.keys(before)).toHaveLength(base.articles.length);
    expect(await seedKnowledgeBase(db, loadKnowledgeBase(contentCopy()))).toBe(false);
    expect(await rowVersions(db)).toEqual(before);
  });

  it('a changed article is written, and served as changed; the base is then fingerprinted anew', async () => {
    const { db } = database();
    const dir = contentCopy();
    await seedKnowledgeBase(db, loadKnowledgeBase(dir));
    const file = path.join(dir, 'articles', 'gift-cards.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nWrapped in recycled tissue paper.\n`);
    const changed = loadKnowledgeBase(dir);
    expect(await seedKnowledgeBase(db, changed)).toBe(true);
    const t = createTestApp(db);
    const hits = (await t.call('GET', '/v1/knowledge_base/search?term=tissue%20paper&scope=public')).body.data.map((hit: { id: string }) => hit.id);
    expect(hits).toEqual(['gift-cards']);
    const [row] = await rowsOf<{ value: string }>(db, sql`select value from settings where key = 'kb_fingerprint'`);
    expect(row?.value).toBe(knowledgeBaseFingerprint(changed));
    expect(await seedKnowledgeBase(db, changed)).toBe(false);
  });

  it('tables emptied behind its back are written again, though the fingerprint is the same', async () => {
    const { db } = database();
    const base = loadKnowledgeBase(contentCopy());
    await seedKnowledgeBase(db, base);
    await db.execute(sql`delete from kb_articles`);
    expect(await seedKnowledgeBase(db, base)).toBe(true);
    expect(Object.keys(await rowVersions(db))).toHaveLength(base.articles.length);
  });
});

it('processes starting together on one PostgreSQL with new files: one writes, the others find it written', async () => {
  const scratch = await createPostgresDatabase({ migrated: true });
  const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url })));
  try {
    const base: KnowledgeBase = loadKnowledgeBase(contentCopy());
    const renamed: KnowledgeBase = { ...base, articles: base.articles.map((a) => (a.id === 'gift-cards' ? { ...a, title: 'Gift cards, wrapped' } : a)) };
    const wrote = await Promise.all(handles.map((handle) => seedKnowledgeBase(handle.db, renamed)));
    expect(wrote.filter(Boolean)).toHaveLength(1);
    expect(await rowsOf(handles[0]!.db, sql`select title from kb_articles where id = 'gift-cards'`)).toEqual([{ title: 'Gift cards, wrapped' }]);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await scratch.drop();
  }
});

it('a process renders a folder once while its files are unchanged, and again once one is written', () => {
  const dir = contentCopy();
  const first = loadKnowledgeBase(dir);
  expect(loadKnowledgeBase(dir)).toBe(first);
  const file = path.join(dir, 'articles', 'signing-in.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n*$/, '\n\nA new line about passkeys.\n'));
  const again = loadKnowledgeBase(dir);
  expect(again).not.toBe(first);
  expect(again.articles.find((article) => article.id === 'signing-in')?.bodyText).toContain('A new line about passkeys.');
  expect(loadKnowledgeBase(dir)).toBe(again);
});
