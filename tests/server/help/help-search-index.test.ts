/**
 * The help centre's search in memory (server/help/search-index.ts) answers as PostgreSQL does (issue 29's search
 * target): the same articles in the same order, with ts_rank_cd's very float4 figures, on the shop's 24 articles and on
 * generated ones, on both databases. "The same order" is exact: hits are ordered by rank, then the help centre's order,
 * then the title compared by code points, which is the databases' C collation (a database with another collation could
 * order two titles of equal rank and equal order differently: the only tie that may differ).
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeBenchKnowledgeBase } from '../../../bench/help-articles';
import { distinctTerm, distinctTerms, shopperTerm } from '../../../bench/help-search-bench';
import { searchArticles } from '../../../server/help/knowledge-base-views';
import { loadKnowledgeBase } from '../../../server/help/load-knowledge-base';
import { answerBytesFromIndex, answerFromIndex, buildSearchIndex, rankedHits, tsvectorEntries, type ArticleRow } from '../../../server/help/indexed-search';
import { builtWithoutDatabase, corpusWordsLearnt, printedQuery, searchAnswerJson, searchIndexOf, searchInMemory } from '../../../server/help/search-index';
import { searchThread } from '../../../server/help/search-thread';
import { searchTerms } from '../../../server/help/search-terms';
import { seedKnowledgeBase } from '../../../server/help/seed-knowledge-base';
import { holds, parseTsquery, presenceTest, UnsupportedQuery } from '../../../server/help/tsquery';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

/** Terms as shoppers type them (the bench's shapes: words, prefixes, questions, phrases, or, -word) and odd ones. */
const TERMS = [
  ...Array.from({ length: 120 }, (_, i) => distinctTerms(1, i * 59)[0]!),
  'shamp',
  'sub',
  'a',
  'the',
  'gift card',
  '"gift card"',
  '"made to order"',
  '"the shampoo"',
  '"your consultation answers"',
  'e-mail',
  "don't",
  '-cancel',
  '-e-mail order',
  'snoozing',
  'how do i cancel my subscription',
  'refund or return -damaged',
  'ship',
  'shipping canada',
];

/**
 * Terms whose query to_tsquery builds with stop words dropped in every operator (and, or, not, phrases, where the
 * distance grows over a dropped word), a prefix that is a stop word, numbers, and letters mixed with digits.
 */
const STOP_WORD_TERMS = [
  'the shampoo',
  'shampoo the',
  'shampoo the ',
  'the or shampoo',
  'shampoo or the',
  'the or the',
  '-the shampoo',
  'shampoo -the',
  '-the',
  'the a of',
  '"the shampoo"',
  '"shampoo the"',
  '"shampoo the conditioner"',
  '"shampoo of the conditioner"',
  '"the shampoo of the conditioner" the',
  '"the the"',
  '"the of" shampoo',
  'shampoo -"the order"',
  'shampoo -"order the gift"',
  '"ship the order" or the',
  '"a gift" or "the card" -"of the"',
  'how do i cancel my',
  'how do i cancel my sub',
  'shampoo or the conditioner -a',
  'a',
  'is',
  'to the',
  '2 in 1 shampoo',
  '30 day guarantee',
  '100',
  '"30 of 100"',
  'v2 formula',
  'b12 supplements',
  'vitamin b12',
  'mp3',
  '3x',
  'abc123def',
  'café crème',
  'naïve',
  '½ price',
  'shampoos conditioners',
  'running runs ran',
];

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Every match PostgreSQL finds, in its order, with its ts_rank_cd, for a term. */
async function databaseRanking(database: TestDatabase, query: string) {
  const result = await database.db.execute(sql`
    with q as (select to_tsquery('english', ${query}) as query)
    select a.id, ts_rank_cd(a.search, q.query) as rank from kb_articles a, q
    where a.search @@ q.query and a.deleted = false and a.status = 'published'
    order by ts_rank_cd(a.search, q.query) desc, a.position, a.title`);
  return (result as unknown as { rows: { id: string; rank: number }[] }).rows.map((row) => [row.id, Math.fround(Number(row.rank))]);
}

async function expectSameAsDatabase(database: TestDatabase) {
  const index = await searchIndexOf(database.db);
  const answeredBefore = searchThread()!.answered;
  let compared = 0;
  let found = 0;
  for (const term of [...TERMS, ...STOP_WORD_TERMS]) {
    const query = searchTerms(term);
    if (query === null) continue;
    const parsed = parseTsquery(await printedQuery(database.db, query));
    const mine = parsed ? rankedHits(index, parsed).map((hit) => [hit.article.id, hit.rank]) : [];
    expect(mine, term).toEqual(await databaseRanking(database, query));
    // The answer itself (25 hits, passages, categories) is the database's search's...
    const inProcess = await searchInMemory(database.db, query);
    expect(inProcess, term).toEqual(await searchArticles(database.db, query));
    // ...and the search thread's, byte for byte: its JSON is assembled from each article's parts, not serialised whole.
    expect(text(await searchAnswerJson(database.db, query)), term).toBe(JSON.stringify(inProcess));
    compared++;
    found += mine.length;
  }
  expect(compared).toBeGreaterThan(120);
  expect(searchThread()!.answered - answeredBefore).toBe(compared); // every answer above came from the thread
  expect(found).toBeGreaterThan(compared); // the terms find articles: the comparison is not of empty lists
}

describeEachDatabase('the search in memory answers as PostgreSQL', (database) => {
  describe('the shop’s own 24 articles', () => {
    beforeAll(async () => {
      await seedKnowledgeBase(database().db, loadKnowledgeBase('shop/help/content'));
    }, 120_000);

    it('every term: the same hits in the same order with the same ts_rank_cd, and the same answer', async () => {
      await expectSameAsDatabase(database());
    }, 120_000);

    it('a term whose words were all stemmed before is built without the database, exactly as to_tsquery builds it', async () => {
      const db = database().db;
      const queries = [...TERMS, ...STOP_WORD_TERMS].map((term) => searchTerms(term)).filter((query) => query !== null);
      // Stemmed once (the database answers, and its words are kept)...
      for (const query of queries) await printedQuery(db, query);
      let built = 0;
      for (const query of queries) {
        const mine = builtWithoutDatabase(db, query);
        const theirs = ((await db.execute(sql`select to_tsquery('english', ${query})::text as q`)) as unknown as { rows: { q: string }[] }).rows[0]!.q;
        if (mine !== undefined) {
          built++;
          expect(mine, query).toBe(theirs);
        }
      }
      // ...then every one is built in code (a word of several lexemes would be left to the database; none here).
      expect(built).toBe(queries.length);
      // And asked again, none reaches the database.
      const execute = vi.spyOn(db, 'execute');
      try {
        for (const query of queries) expect(await printedQuery(db, query)).toBe(builtWithoutDatabase(db, query));
        expect(execute).not.toHaveBeenCalled();
      } finally {
        execute.mockRestore();
      }
    });

    it('50 new terms at once are stemmed in at most three statements, not 50', async () => {
      const db = database().db;
      const execute = vi.spyOn(db, 'execute');
      try {
        const terms = Array.from({ length: 50 }, (_, i) => searchTerms(distinctTerms(1, 5000 + i)[0]!)!);
        const printed = await Promise.all(terms.map((terms) => printedQuery(db, terms)));
        expect(printed.every((query) => query.startsWith("'"))).toBe(true);
        expect(execute.mock.calls.length).toBeLessThanOrEqual(3);
      } finally {
        execute.mockRestore();
      }
    });

    it('a term the index does not take (a phrase over |) is answered by the database, the same', async () => {
      // searchTerms never writes one; a tsquery text straight in does.
      expect(await searchInMemory(database().db, '(shampoo | conditioner) <-> free')).toEqual(
        await searchArticles(database().db, '(shampoo | conditioner) <-> free'),
      );
    });
  });

  describe('generated articles (the bench’s generator, 150 of them)', () => {
    let dir = '';
    beforeAll(async () => {
      dir = writeBenchKnowledgeBase(150, 7);
      await seedKnowledgeBase(database().db, loadKnowledgeBase(dir));
    }, 120_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('the articles’ own words are stemmed when the index is read: a term of them needs no statement', async () => {
      const db = database().db;
      await corpusWordsLearnt(db);
      const titles = (
        (await db.execute(sql`select title from kb_articles where status = 'published' order by id limit 40`)) as unknown as { rows: { title: string }[] }
      ).rows;
      const execute = vi.spyOn(db, 'execute');
      const built: [string, string][] = [];
      try {
        for (const { title } of titles) {
          const query = searchTerms(title)!;
          built.push([query, await printedQuery(db, query)]);
        }
        expect(execute).not.toHaveBeenCalled();
      } finally {
        execute.mockRestore();
      }
      for (const [query, printed] of built) {
        const theirs = ((await db.execute(sql`select to_tsquery('english', ${query})::text as q`)) as unknown as { rows: { q: string }[] }).rows[0]!.q;
        expect(printed, query).toBe(theirs);
      }
    });

    it('every term: the same hits in the same order with the same ts_rank_cd, and the same answer', async () => {
      await expectSameAsDatabase(database());
    }, 120_000);
  });
});

it('the bench’s new terms are all different, also as searchTerms makes them: its cold part never searches a term twice', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 223_200; i++) seen.add(searchTerms(distinctTerm(i))!);
  expect(seen.size).toBe(223_200);
  expect(distinctTerm(223_200)).toBe(distinctTerm(0)); // where the list starts again
});

it('the bench’s cold part sends the same new terms with their shapes mixed, as shoppers’ searches arrive', () => {
  // Each block of 7,200 holds the same terms in either order, and eight searches in a row are the eight shapes.
  for (const block of [0, 7200, 108_000]) {
    const mixed = new Set(Array.from({ length: 7200 }, (_, k) => shopperTerm(block + k)));
    expect(mixed).toEqual(new Set(distinctTerms(7200, block)));
  }
  const shapes = Array.from({ length: 8 }, (_, k) => shopperTerm(7200 + k));
  expect(shapes).toEqual(Array.from({ length: 8 }, (_, s) => distinctTerm(7200 + s * 900)));
  expect(shopperTerm(7208)).toBe(distinctTerm(7201));
});

describe('the index’s pieces', () => {
  it('the search thread writes each passage’s bytes as JSON.stringify would: quotes, backslashes, control characters, emoji, cuts inside a pair', () => {
    const filler = 'words about parcels and returns '.repeat(12);
    const bodies = [
      `${filler}a "quoted" shipping note with a back\\slash ${filler}`, // cut around the hit, escapes inside the cut
      `${filler}shipping\u0001 with a control character ${filler}`,
      `${filler}shipping 😀 with an emoji ${filler}`,
      `Shipped${'😀'.repeat(200)}`, // no space to cut at: the cut ends inside a surrogate pair (escaped as \udXXX)
      `${filler}shipping in plain words ${filler}`, // plain: written straight from the cut, "…" either side
      'Short shipping note.', // served whole
    ];
    const rows: ArticleRow[] = bodies.map((body_text, i) => ({
      id: `article-${i}`,
      title: `Article ${i}`,
      slug: `article-${i}`,
      categories: ['shipping'],
      body_text,
      position: i,
      search: `'ship':${i + 1}C`,
    }));
    const index = buildSearchIndex(rows, ['shipping']);
    const answer = answerFromIndex(index, `'ship'`, 25)!;
    expect(answer.data).toHaveLength(bodies.length);
    expect(answer.data.map((hit) => hit.attributes.snippet).filter((snippet) => snippet.startsWith('…') && snippet.endsWith('…'))).toHaveLength(4);
    expect(JSON.stringify(answer)).toMatch(/\\ud83d…/); // the lone half of a pair, as JSON.stringify escapes it
    expect(text(answerBytesFromIndex(index, `'ship'`, 25)!)).toBe(JSON.stringify(answer));
  });

  it('tsvectorEntries reads PostgreSQL’s printed tsvector: quotes, backslashes, weights (D when none)', () => {
    const entries = [...tsvectorEntries(String.raw`'dri':3C 'it''s':1A,7 'back\\slash':2B 'bare'`)];
    expect(entries.map(([lexeme, positions]) => [lexeme, [...positions]])).toEqual([
      ['dri', [3 * 4 + 1]],
      ["it's", [1 * 4 + 3, 7 * 4]],
      ['back\\slash', [2 * 4 + 2]],
      ['bare', []],
    ]);
  });

  it('parseTsquery: precedence (! over <N> over & over |), prefixes, weights; an empty query is null', () => {
    const query = parseTsquery("'a' | 'b' & 'c':* <-> 'd':AB & !'e'")!;
    expect(query.operands).toEqual([
      { lexeme: 'a', prefix: false, weights: 0 },
      { lexeme: 'b', prefix: false, weights: 0 },
      { lexeme: 'c', prefix: true, weights: 0 },
      { lexeme: 'd', prefix: false, weights: 0b1100 },
      { lexeme: 'e', prefix: false, weights: 0 },
    ]);
    const term = (operand: number) => ({ kind: 'term', operand });
    expect(query.root).toEqual({
      kind: 'or',
      left: term(0),
      right: {
        kind: 'and',
        left: { kind: 'and', left: term(1), right: { kind: 'phrase', distance: 1, left: term(2), right: term(3) } },
        right: { kind: 'not', child: term(4) },
      },
    });
    expect(query.positional).toBe(true);
    expect(() => parseTsquery("!'a' <-> 'b'")).toThrow(UnsupportedQuery);
    expect(parseTsquery('')).toBeNull();
    expect(() => parseTsquery("'a' <-> ( 'b' | 'c' )")).toThrow(UnsupportedQuery);
    expect(() => parseTsquery("'a' &")).toThrow(/tsquery/);
  });

  it('phrases hold by positions: a <N> b where b stands N after a; nested phrases end where their right side ends', () => {
    const facts = (positions: number[][]) => ({ has: (i: number) => positions[i]!.length > 0, positions: (i: number) => positions[i]! });
    const query = parseTsquery("'a' <-> 'b' <2> 'c'")!;
    expect(holds(query.root, facts([[1], [2], [4]]))).toBe(true);
    expect(holds(query.root, facts([[1], [2], [3]]))).toBe(false);
    expect(holds(query.root, facts([[1, 5], [3, 6], [8]]))).toBe(true);
    // A phrase's words are a necessary condition; under ! there is none.
    expect(presenceTest(query.root)!(0b011)).toBe(false);
    expect(presenceTest(query.root)!(0b111)).toBe(true);
    expect(presenceTest(parseTsquery("!( 'a' <-> 'b' )")!.root)).toBeNull();
  });
});
