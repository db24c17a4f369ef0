import { sql } from 'drizzle-orm';
import type { ResponseBody } from '#api';
import type { Database } from '../db/database';
import { kbArticles, kbCategories } from '../db/schema';
import { coverDensityRank, type StretchTest } from './cover-density-rank';
import { SEARCH_LIMIT, searchArticles } from './knowledge-base-views';
import { builtQuery, termTree, wordStemOf, type WordStem } from './known-words';
import { lexemesOf, passageText, snippetCutter } from './search-snippet';
import { holds, parseTsquery, presenceTest, quotedLexeme, UnsupportedQuery, type OperandFacts, type ParsedQuery } from './tsquery';

/**
 * The help centre's search in memory (server/help/README.md "Search"): each process reads, once after the knowledge
 * base is written, every served article's full-text document as PostgreSQL made it (its lexemes, positions and
 * weights: the same 'english' configuration, title A, tags B, body C) into an inverted index. A new term then needs
 * the database only to become a tsquery (to_tsquery, its stemming and stop words; the terms waiting at one moment go
 * in one statement), and matching (`@@`) and ranking (ts_rank_cd) run here with PostgreSQL's rules
 * (tsquery.ts, cover-density-rank.ts), so the answers are the database's: same hits, same order.
 */

interface IndexedArticle {
  id: string;
  title: string;
  slug: string;
  categories: string[];
  /** The body as passages are cut from it (passageText), and lowercased. */
  passage: string;
  lowerPassage: string;
  position: number;
}

/** Where one lexeme occurs: the articles (ascending) and, for each, its positions as pos * 4 + weight, ascending. */
interface Posting {
  articles: number[];
  /** Plain arrays of small integers: tens of thousands of typed arrays (one buffer each) made every garbage collection slow. */
  positions: number[][];
}

interface SearchIndex {
  articles: IndexedArticle[];
  lexemes: Map<string, Posting>;
  /** The lexemes in code-unit order: a prefix's lexemes are one run of it. */
  sorted: string[];
  /** The categories not deleted (an article's list drops the others, §5). */
  live: Set<string>;
}

const indexes = new WeakMap<Database, Promise<SearchIndex>>();

/**
 * Reads `db`'s index again (the knowledge base was written), in the background: the searches that arrive meanwhile
 * wait for it; a failed reading (the database closing) is left for the next search to try again.
 */
export function rebuildSearchIndex(db: Database): void {
  indexes.delete(db);
  void searchIndexOf(db);
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

interface ArticleRow {
  id: string;
  title: string;
  slug: string;
  categories: string[];
  body_text: string;
  position: number;
  search: string;
}

async function readSearchIndex(db: Database): Promise<SearchIndex> {
  // node-postgres and PGlite both answer {rows}.
  const rows = (
    (await db.execute(sql`
      select a.id, a.title, a.slug, a.categories, a.body_text, a.position, a.search::text as search
      from ${kbArticles} a where a.deleted = false and a.status = 'published'`)) as unknown as { rows: ArticleRow[] }
  ).rows;
  const live = ((await db.execute(sql`select id from ${kbCategories} where deleted = false`)) as unknown as { rows: { id: string }[] }).rows.map(
    (row) => row.id,
  );
  const articles: IndexedArticle[] = [];
  const lexemes = new Map<string, Posting>();
  // In the help centre's order, then the title by code points (the databases' C collation): hits kept in this order
  // among equal ranks are in the database's order.
  rows.sort((a, b) => Number(a.position) - Number(b.position) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  for (const row of rows) {
    const at = articles.length;
    const passage = passageText(row.body_text);
    articles.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      categories: row.categories,
      passage,
      lowerPassage: passage.toLowerCase(),
      position: Number(row.position),
    });
    for (const [lexeme, positions] of tsvectorEntries(row.search)) {
      let posting = lexemes.get(lexeme);
      if (!posting) lexemes.set(lexeme, (posting = { articles: [], positions: [] }));
      posting.articles.push(at);
      posting.positions.push(positions);
    }
  }
  // The articles' own words are the words shoppers search most: stemmed now, in the background, so a first search
  // of them needs no statement.
  warmings.set(
    db,
    learnCorpusWords(
      db,
      rows.map((row) => `${row.title} ${row.body_text}`),
    ).catch(() => undefined),
  );
  return { articles, lexemes, sorted: [...lexemes.keys()].sort(), live: new Set(live) };
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

const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * A tsvector as PostgreSQL prints it (`'dri':3C 'shampoo':1A,5C`): each lexeme and its positions as pos * 4 + weight
 * (weight D when none is printed). A lexeme without positions gets none.
 */
export function* tsvectorEntries(text: string): Generator<[string, number[]]> {
  let at = 0;
  while (at < text.length) {
    while (text[at] === ' ') at++;
    if (at >= text.length) return;
    if (text[at] !== "'") throw new Error(`tsvector: a lexeme expected at ${at}`);
    at++;
    let lexeme: string;
    // Most lexemes hold no quote and no backslash: taken whole.
    const close = text.indexOf("'", at);
    if (close > 0 && text[close + 1] !== "'" && !text.slice(at, close).includes('\\')) {
      lexeme = text.slice(at, close);
      at = close + 1;
    } else {
      const quoted = quotedLexeme(text, at);
      if (!quoted) throw new Error('tsvector: an unclosed lexeme');
      lexeme = quoted.lexeme;
      at = quoted.end;
    }
    const positions: number[] = [];
    if (text[at] === ':') {
      at++;
      for (;;) {
        let pos = 0;
        while (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) pos = pos * 10 + text.charCodeAt(at++) - 48;
        const weight = WEIGHT_OF[text[at] ?? ''];
        if (weight !== undefined) at++;
        positions.push(pos * 4 + (weight ?? 0));
        if (text[at] !== ',') break;
        at++;
      }
    }
    yield [lexeme, positions];
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
 * GET /v1/knowledge_base/search's answer for `terms` (a tsquery text from searchTerms) from the index: the served
 * articles matching it, best first (ts_rank_cd, then the help centre's order, then the title), at most SEARCH_LIMIT,
 * each with its passage; the same answer as the database's searchArticles. A query the index does not take (a
 * phrase over |, & or !, which the help centre's terms never make) is answered by the database.
 */
export async function searchInMemory(db: Database, terms: string): Promise<ResponseBody<'searchKb'>> {
  const [index, printed] = await Promise.all([searchIndexOf(db), printedQuery(db, terms)]);
  let hits: ReturnType<typeof rankedHits>;
  try {
    const query = parseTsquery(printed);
    if (!query) return { data: [] };
    hits = rankedHits(index, query, SEARCH_LIMIT);
  } catch (error) {
    if (error instanceof UnsupportedQuery) return searchArticles(db, terms);
    throw error;
  }
  const snippet = snippetCutter(lexemesOf(printed));
  return {
    data: hits.map(({ article }) => ({
      id: article.id,
      type: 'kb_article',
      attributes: {
        title: article.title,
        slug: article.slug,
        snippet: snippet(article.passage, article.lowerPassage),
        categories: article.categories.filter((id) => index.live.has(id)),
      },
    })),
  };
}

/** The most operands a query may have for the index (bits of a mask); the help centre's terms have at most 16. */
const MAX_OPERANDS = 16;

/**
 * Scratch space of one index, reused by every search (a search runs to its end without yielding, so one at a time):
 * allocating per search an array of every article per operand was a good part of its time and of the garbage.
 */
interface Scratch {
  /** Per operand, its positions in each article (undefined where it is absent); cleared after each search. */
  found: (readonly number[] | undefined)[][];
  /** The operands present in each article (bit i for operand i); cleared after each search. */
  present: Int32Array;
  /** The articles holding some operand, as found (unordered). */
  touched: Int32Array;
  encoded: Int32Array;
  masks: Int32Array;
  /** Per operand, its positions in the article being tested (the phrase test's `articleFacts`). */
  decoded: number[][];
}

const scratches = new WeakMap<SearchIndex, Scratch>();

function scratchOf(index: SearchIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    const count = index.articles.length;
    scratch = {
      // Dense (every slot written): reading a hole would ask the array's prototype.
      found: Array.from({ length: MAX_OPERANDS }, () => new Array<readonly number[] | undefined>(count).fill(undefined)),
      present: new Int32Array(count),
      touched: new Int32Array(count),
      encoded: new Int32Array(256),
      masks: new Int32Array(256),
      decoded: Array.from({ length: MAX_OPERANDS }, () => []),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** The first `limit` articles matching `query` (all by default), best first, with their rank (ts_rank_cd as float4). */
export function rankedHits(index: SearchIndex, query: ParsedQuery, limit = Infinity): { article: IndexedArticle; rank: number }[] {
  const count = index.articles.length;
  const operands = query.operands.length;
  if (operands > MAX_OPERANDS) throw new UnsupportedQuery('too many operands');
  const scratch = scratchOf(index);
  const { found, present: presentOf, touched } = scratch;
  let touchedCount = 0;
  try {
    // Each operand's positions per article (pos * 4 + weight; the weights it is limited to only), a prefix's lexemes merged.
    for (let i = 0; i < operands; i++) {
      const operand = query.operands[i]!;
      const perArticle = found[i]!;
      const bit = 1 << i;
      const add = (posting: Posting) => {
        for (let k = 0; k < posting.articles.length; k++) {
          const article = posting.articles[k]!;
          let positions = posting.positions[k]!;
          if (operand.weights !== 0) positions = positions.filter((p) => (operand.weights & (1 << (p & 3))) !== 0);
          if (positions.length === 0) continue;
          const before = perArticle[article];
          perArticle[article] = before ? mergeSorted(before, positions) : positions;
          const was = presentOf[article]!;
          if (was === 0) touched[touchedCount++] = article;
          presentOf[article] = was | bit;
        }
      };
      if (!operand.prefix) {
        const posting = index.lexemes.get(operand.lexeme);
        if (posting) add(posting);
      } else
        for (let l = lowerBound(index.sorted, operand.lexeme); l < index.sorted.length && index.sorted[l]!.startsWith(operand.lexeme); l++)
          add(index.lexemes.get(index.sorted[l]!)!);
    }
    return rankFound(index, query, limit, scratch, count);
  } finally {
    for (let t = 0; t < touchedCount; t++) {
      const article = touched[t]!;
      presentOf[article] = 0;
      for (let i = 0; i < operands; i++) found[i]![article] = undefined;
    }
  }
}

/** rankedHits' second half: each article the query may match, in the articles' order, matched (@@) and ranked. */
function rankFound(index: SearchIndex, query: ParsedQuery, limit: number, scratch: Scratch, count: number): { article: IndexedArticle; rank: number }[] {
  const operands = query.operands.length;
  const { found, present: presentOf } = scratch;
  // Whether the query holds for the operands present, worked out once per combination (a query has at most 16).
  const relaxed = presenceTest(query.root);
  const memo = new Int8Array(1 << operands).fill(-1);
  const decide = (present: number) => (memo[present] = !relaxed || relaxed(present) ? 1 : 0);
  // With phrases, the positions decide too: those of the entries from..to of the article being ranked.
  const windowFacts = (from: number, to: number): OperandFacts => ({
    has: (i) => {
      for (let k = from; k <= to; k++) if ((scratch.masks[k]! & (1 << i)) !== 0) return true;
      return false;
    },
    positions: (i) => {
      const list: number[] = [];
      for (let k = from; k <= to; k++) if ((scratch.masks[k]! & (1 << i)) !== 0) list.push(scratch.encoded[k]! >> 2);
      return list;
    },
  });
  const test: StretchTest = {
    memo,
    decide,
    positional: query.positional ? (_present, from, to) => holds(query.root, windowFacts(from, to)) : null,
  };
  // A query that holds with nothing present (`!cancel`) may match any article; otherwise only those holding a lexeme.
  const anyArticle = decide(0) === 1 && (test.positional === null || test.positional(0, 0, -1));

  // With phrases, whether the whole article matches is asked first, from each operand's positions in it as found (no
  // merge, nothing allocated per article): most articles holding a phrase's words do not hold the phrase.
  let current = 0;
  const articleFacts: OperandFacts = {
    has: (i) => (presentOf[current]! & (1 << i)) !== 0,
    positions: (i) => {
      const list = found[i]![current]!;
      const out = scratch.decoded[i]!;
      out.length = list.length;
      for (let k = 0; k < list.length; k++) out[k] = list[k]! >> 2;
      return out;
    },
  };

  const hits: { article: IndexedArticle; rank: number }[] = [];
  for (let article = 0; article < count; article++) {
    const present = presentOf[article]!;
    if (present === 0 && !anyArticle) continue;
    const known = memo[present]! < 0 ? decide(present) : memo[present]!;
    if (known !== 1) continue;
    // get_docrep's entries, then the whole article must match (@@) before it is ranked.
    let rank: number;
    if (present !== 0 && (present & (present - 1)) === 0 && !test.positional) {
      // One operand present: its positions are the entries as they are.
      const positions = found[31 - Math.clz32(present)]![article]!;
      rank = coverDensityRank(positions, present, positions.length, test);
    } else {
      current = article;
      if (test.positional && present !== 0 && !holds(query.root, articleFacts)) continue;
      let total = 0;
      for (let i = 0; i < operands; i++) total += found[i]![article]?.length ?? 0;
      if (total > scratch.encoded.length) {
        scratch.encoded = new Int32Array(total * 2);
        scratch.masks = new Int32Array(total * 2);
      }
      const n = mergeEntries(found, operands, article, scratch.encoded, scratch.masks);
      if (test.positional && present === 0 && !test.positional(present, 0, n - 1)) continue;
      rank = coverDensityRank(scratch.encoded, scratch.masks, n, test);
    }
    // Kept in order: by rank, and in the articles' order (the help centre's, then the title) among equal ranks.
    if (hits.length >= limit && rank <= hits[hits.length - 1]!.rank) continue;
    let at = hits.length;
    while (at > 0 && hits[at - 1]!.rank < rank) at--;
    hits.splice(at, 0, { article: index.articles[article]!, rank });
    if (hits.length > limit) hits.pop();
  }
  return hits;
}

/** mergeEntries' cursors, one per operand (reused: a search runs to its end without yielding). */
const cursors = new Int32Array(MAX_OPERANDS);

/**
 * get_docrep: the article's positions that some operand matches, in order (by position, then weight), each once with
 * the mask of the operands matching it; answers how many.
 */
function mergeEntries(found: (readonly number[] | undefined)[][], operands: number, article: number, encoded: Int32Array, masks: Int32Array): number {
  cursors.fill(0, 0, operands);
  let n = 0;
  for (;;) {
    let smallest = Number.MAX_SAFE_INTEGER;
    for (let i = 0; i < operands; i++) {
      const list = found[i]![article];
      if (list && cursors[i]! < list.length && list[cursors[i]!]! < smallest) smallest = list[cursors[i]!]!;
    }
    if (smallest === Number.MAX_SAFE_INTEGER) return n;
    let mask = 0;
    for (let i = 0; i < operands; i++) {
      const list = found[i]![article];
      if (list && cursors[i]! < list.length && list[cursors[i]!] === smallest) {
        mask |= 1 << i;
        cursors[i]!++;
      }
    }
    encoded[n] = smallest;
    masks[n] = mask;
    n++;
  }
}

/** Two ascending lists as one (a prefix's lexemes in one article), a value in both kept twice as sorting their concatenation did. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

function lowerBound(sorted: readonly string[], text: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
