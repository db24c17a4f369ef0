import { sql } from 'drizzle-orm';
import type { ResponseBody } from '#api';
import type { Database } from '../db/database';
import { kbArticles, kbCategories } from '../db/schema';
import { jsonBytes } from './json-bytes';
import { answerFromIndex, buildSearchIndex, type ArticleRow, type SearchIndex } from './indexed-search';
import { SEARCH_LIMIT, searchArticles } from './knowledge-base-views';
import { builtQuery, termTree, wordStemOf, type WordStem } from './known-words';
import { searchThread, SearchThreadUnavailable } from './search-thread';

/**
 * The help centre's search in memory (server/help/README.md "Search"): once after the knowledge base is written, every
 * served article's full-text document as PostgreSQL made it (its lexemes, positions and weights: the same 'english'
 * configuration, title A, tags B, body C) is read into an inverted index (indexed-search.ts), held by the search
 * thread (search-thread.ts), or by this thread when that one is not there. A new term then needs the database only
 * to become a tsquery (to_tsquery, its stemming and stop words; the terms waiting at one moment go in one statement),
 * and matching (`@@`) and ranking (ts_rank_cd) run over the index with PostgreSQL's rules (tsquery.ts,
 * cover-density-rank.ts), so the answers are the database's: same hits, same order.
 */
const indexes = new WeakMap<Database, Promise<SearchIndex>>();

/**
 * Reads `db`'s index again (the knowledge base was written): onto the search thread in the background (the searches
 * that arrive meanwhile wait for it; a failed reading, the database closing, is left for the next search to try
 * again), and into this thread's own index when a search next needs it there.
 */
export function rebuildSearchIndex(db: Database): void {
  indexes.delete(db);
  const thread = searchThread();
  if (thread) void thread.load(db, () => readIndexRows(db), SEARCH_LIMIT).catch(() => undefined);
}

/** `db`'s index, read once (concurrent searches share the reading; a failed reading is not kept). */
export function searchIndexOf(db: Database): Promise<SearchIndex> {
  let index = indexes.get(db);
  if (!index) {
    index = readSearchIndex(db);
    indexes.set(db, index);
    const kept = index;
    index.catch(() => {
      if (indexes.get(db) === kept) indexes.delete(db);
    });
  }
  return index;
}

/** The served articles (rows for buildSearchIndex) and the live categories of `db`; the articles' words are stemmed meanwhile. */
export async function readIndexRows(db: Database): Promise<{ rows: ArticleRow[]; live: string[] }> {
  // node-postgres and PGlite both answer {rows}.
  const rows = (
    (await db.execute(sql`
      select a.id, a.title, a.slug, a.categories, a.body_text, a.position, a.search::text as search
      from ${kbArticles} a where a.deleted = false and a.status = 'published'`)) as unknown as { rows: ArticleRow[] }
  ).rows;
  const live = ((await db.execute(sql`select id from ${kbCategories} where deleted = false`)) as unknown as { rows: { id: string }[] }).rows.map(
    (row) => row.id,
  );
  // The articles' own words are the words shoppers search most: stemmed now, in the background, so a first search
  // of them needs no statement.
  warmings.set(
    db,
    learnCorpusWords(
      db,
      rows.map((row) => `${row.title} ${row.body_text}`),
    ).catch(() => undefined),
  );
  return { rows, live };
}

async function readSearchIndex(db: Database): Promise<SearchIndex> {
  const { rows, live } = await readIndexRows(db);
  return buildSearchIndex(rows, live);
}

/** Each database's stemming of its articles' words, under way or done. */
const warmings = new WeakMap<Database, Promise<unknown>>();

/** Resolves once the articles' words read with `db`'s index are stemmed (the bench and tests wait for it). */
export async function corpusWordsLearnt(db: Database): Promise<void> {
  await searchIndexOf(db);
  await warmings.get(db);
}

/** How many words one warming statement stems: the searches' own statements wait for one at most. */
const WARM_CHUNK = 1000;

/** Stems the words of `texts` not known yet (each once, lowercased as searchTerms makes them), a chunk per statement. */
async function learnCorpusWords(db: Database, texts: string[]): Promise<void> {
  const known = stemmerOf(db).known;
  const words = new Set<string>();
  for (const text of texts) for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) if (!known.has(word)) words.add(word);
  const list = [...words].slice(0, KNOWN_WORDS);
  for (let at = 0; at < list.length; at += WARM_CHUNK) {
    const chunk = list.slice(at, at + WARM_CHUNK);
    const stems = await toTsqueries(db, chunk);
    learnWords(db, new Map(chunk.map((word, i) => [word, stems[i]!])));
  }
}
interface Waiting {
  terms: string;
  /** The term's words not stemmed yet: stemmed in the same statement, for the next terms holding them. */
  words: string[];
  resolve: (query: string) => void;
  reject: (error: unknown) => void;
}

interface Stemmer {
  waiting: Waiting[];
  busy: boolean;
  /** Each word stemmed so far (to_tsquery of the word alone): at most KNOWN_WORDS, the oldest forgotten first. */
  known: Map<string, WordStem>;
}

/** At most this many words' stems are kept per database (a few MB): shoppers' words are far fewer. */
export const KNOWN_WORDS = 50_000;

const stemmers = new WeakMap<Database, Stemmer>();

function stemmerOf(db: Database): Stemmer {
  let stemmer = stemmers.get(db);
  if (!stemmer) stemmers.set(db, (stemmer = { waiting: [], busy: false, known: new Map() }));
  return stemmer;
}

/**
 * `terms` (a tsquery text from searchTerms) as PostgreSQL's tsquery, printed: stemmed, stop words dropped, with the
 * same 'english' configuration as the articles' documents. When every word of it was stemmed before, the query is
 * built here from their stems as to_tsquery builds it (known-words.ts), without the database. Otherwise the term goes
 * to the database, with its new words; the terms that arrive while one statement runs wait and go together in the
 * next, so 50 new searches at once cost two or three statements, not 50.
 * @example await printedQuery(db, 'dry & shamp:*') // "'dri' & 'shamp':*"
 */
export function printedQuery(db: Database, terms: string): Promise<string> {
  const stemmer = stemmerOf(db);
  const tree = termTree(terms);
  if (tree) {
    const built = builtQuery(tree.root, (word) => stemmer.known.get(word));
    if (built !== undefined) return Promise.resolve(built);
  }
  const words = tree ? tree.words.filter((word) => !stemmer.known.has(word)) : [];
  const promise = new Promise<string>((resolve, reject) => stemmer.waiting.push({ terms, words, resolve, reject }));
  if (!stemmer.busy) void stemWaiting(db, stemmer);
  return promise;
}

/** The stem of each word (to_tsquery of the word alone) kept for the next terms, bounded by KNOWN_WORDS. */
export function learnWords(db: Database, stems: ReadonlyMap<string, string>): void {
  const known = stemmerOf(db).known;
  for (const [word, printed] of stems) {
    known.delete(word);
    known.set(word, wordStemOf(printed));
    if (known.size > KNOWN_WORDS) known.delete(known.keys().next().value!);
  }
}

/** Whether every word of `terms` was stemmed before, so its query is built without the database (for tests). */
export function builtWithoutDatabase(db: Database, terms: string): string | undefined {
  const tree = termTree(terms);
  const known = stemmerOf(db).known;
  return tree ? builtQuery(tree.root, (word) => known.get(word)) : undefined;
}

async function stemWaiting(db: Database, stemmer: Stemmer): Promise<void> {
  stemmer.busy = true;
  try {
    while (stemmer.waiting.length > 0) {
      const batch = stemmer.waiting.splice(0, 200);
      const words = [...new Set(batch.flatMap((w) => w.words))].filter((word) => !stemmer.known.has(word));
      try {
        const queries = await toTsqueries(db, [...batch.map((w) => w.terms), ...words]);
        learnWords(db, new Map(words.map((word, i) => [word, queries[batch.length + i]!])));
        batch.forEach((w, i) => w.resolve(queries[i]!));
      } catch {
        // One term the database refuses must not fail the others: each alone.
        for (const w of batch) await toTsqueries(db, [w.terms]).then(([query]) => w.resolve(query!), w.reject);
      }
    }
  } finally {
    stemmer.busy = false;
  }
}

async function toTsqueries(db: Database, terms: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    select to_tsquery('english', t.value)::text as query
    from json_array_elements_text(${JSON.stringify(terms)}::json) with ordinality as t(value, n) order by t.n`);
  return (result as unknown as { rows: { query: string }[] }).rows.map((row) => row.query);
}

/**
 * GET /v1/knowledge_base/search's answer for `terms` (a tsquery text from searchTerms), searched in this process's
 * index (answerFromIndex); a query the index does not take is answered by the database.
 */
export async function searchInMemory(db: Database, terms: string): Promise<ResponseBody<'searchKb'>> {
  const [index, printed] = await Promise.all([searchIndexOf(db), printedQuery(db, terms)]);
  return answerFromIndex(index, printed, SEARCH_LIMIT) ?? searchArticles(db, terms);
}

/**
 * GET /v1/knowledge_base/search's answer for `terms` as its JSON text: searched on the search thread
 * (search-thread.ts), or in this thread's own index when the thread is not there; a query the index does not take is
 * answered by the database. The same answer whichever searched.
 */
export async function searchAnswerJson(db: Database, terms: string): Promise<Uint8Array<ArrayBuffer>> {
  const thread = searchThread();
  if (thread) {
    const printed = await printedQuery(db, terms);
    try {
      const json = await thread.search(db, printed, () => readIndexRows(db), SEARCH_LIMIT);
      return json ?? jsonBytes(await searchArticles(db, terms));
    } catch (error) {
      if (!(error instanceof SearchThreadUnavailable)) throw error;
    }
  }
  return jsonBytes(await searchInMemory(db, terms));
}
