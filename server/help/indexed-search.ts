import type { ResponseBody } from '#api';
import { coverDensityRank, type StretchTest } from './cover-density-rank';
import { earliestStart, firstWordStart, lexemesOf, PASSAGE, passageAt, passageCut, passageText, passageWords, servedWhole } from './search-snippet';
import { holds, parseTsquery, presenceTest, quotedLexeme, UnsupportedQuery, type OperandFacts, type ParsedQuery } from './tsquery';

/**
 * The help centre's index in memory and its search (server/help/README.md "Search"): every served article's
 * full-text document as PostgreSQL made it (its lexemes, positions and weights: the same 'english' configuration,
 * title A, tags B, body C) as an inverted index, matched (`@@`) and ranked (ts_rank_cd) with PostgreSQL's rules
 * (tsquery.ts, cover-density-rank.ts), so the answers are the database's: same hits, same order. Nothing here reads
 * the database: the search thread (search-thread.ts) and the process itself (search-index.ts) both build and search it.
 */

export interface IndexedArticle {
  /** Its place in the index's articles. */
  number: number;
  id: string;
  title: string;
  slug: string;
  categories: string[];
  /** The body as passages are cut from it (passageText), and lowercased. */
  passage: string;
  lowerPassage: string;
  /**
   * Whether any cut of the passage is its JSON string's content as it stands (no quote, backslash, control character
   * or surrogate): then its bytes are written straight into the answer (answerBytesFromIndex).
   */
  plainJson: boolean;
  position: number;
}

/** Where one lexeme occurs: the articles (ascending) and, for each, its positions as pos * 4 + weight, ascending. */
export interface Posting {
  articles: number[];
  /** Plain arrays of small integers: tens of thousands of typed arrays (one buffer each) made every garbage collection slow. */
  positions: number[][];
}

export interface SearchIndex {
  articles: IndexedArticle[];
  lexemes: Map<string, Posting>;
  /** The lexemes in code-unit order: a prefix's lexemes are one run of it. */
  sorted: string[];
  /** The categories not deleted (an article's list drops the others, §5). */
  live: Set<string>;
}

/** An article as the index is read from the database (search-index.ts reads them; the search thread is sent them). */
export interface ArticleRow {
  id: string;
  title: string;
  slug: string;
  categories: string[];
  body_text: string;
  position: number;
  /** Its tsvector as PostgreSQL prints it. */
  search: string;
}

/**
 * The index of the served articles `rows` (their full-text documents as PostgreSQL printed them), `live` the
 * categories not deleted.
 */
export function buildSearchIndex(rows: ArticleRow[], live: readonly string[]): SearchIndex {
  const articles: IndexedArticle[] = [];
  const lexemes = new Map<string, Posting>();
  // In the help centre's order, then the title by code points (the databases' C collation): hits kept in this order
  // among equal ranks are in the database's order.
  const ordered = [...rows].sort((a, b) => Number(a.position) - Number(b.position) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  for (const row of ordered) {
    const at = articles.length;
    const passage = passageText(row.body_text);
    articles.push({
      number: at,
      id: row.id,
      title: row.title,
      slug: row.slug,
      categories: row.categories,
      passage,
      lowerPassage: passage.toLowerCase(),
      plainJson: !notPlainJson(passage),
      position: Number(row.position),
    });
    for (const [lexeme, positions] of tsvectorEntries(row.search)) {
      let posting = lexemes.get(lexeme);
      if (!posting) lexemes.set(lexeme, (posting = { articles: [], positions: [] }));
      posting.articles.push(at);
      posting.positions.push(positions);
    }
  }
  return { articles, lexemes, sorted: [...lexemes.keys()].sort(), live: new Set(live) };
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

/**
 * GET /v1/knowledge_base/search's answer from the index for `printed` (a tsquery as PostgreSQL printed it): the
 * served articles matching it, best first (ts_rank_cd, then the help centre's order, then the title), at most
 * `limit`, each with its passage; the same answer as the database's searchArticles. Undefined for a query the index
 * does not take (a phrase over |, & or !, which the help centre's terms never make): the database answers those.
 */
export function answerFromIndex(index: SearchIndex, printed: string, limit: number): ResponseBody<'searchKb'> | undefined {
  const found = foundWithPassages(index, printed, limit);
  return (
    found && {
      data: found.map(({ article, first }) => ({
        id: article.id,
        type: 'kb_article',
        attributes: { title: article.title, slug: article.slug, snippet: passageAt(article.passage, first), categories: servedCategories(index, article) },
      })),
    }
  );
}

/**
 * answerFromIndex's answer as its JSON's UTF-8 bytes (what jsonBytes makes of it, byte for byte), assembled from each
 * article's parts before and after its passage, encoded once per index, and the passage's bytes written from its cut
 * (passageCut) into one scratch buffer: serialising and encoding the whole answer was a fifth of a search's time, and
 * making each passage a string, then its JSON, most of a search's garbage.
 */
export function answerBytesFromIndex(index: SearchIndex, printed: string, limit: number): Uint8Array<ArrayBuffer> | undefined {
  const found = foundWithPassages(index, printed, limit);
  if (!found) return undefined;
  // A cut holds at most PASSAGE characters: 3 bytes each in a plain passage, 6 where JSON escapes one (\uXXXX); and
  // the quotes and "…"s.
  let need = ANSWER_OPEN.length + ANSWER_CLOSE.length;
  for (const { article } of found) {
    const parts = jsonPartsOf(index, article);
    need += 1 + parts.head.length + parts.tail.length + Math.min(article.passage.length, PASSAGE) * (article.plainJson ? 3 : 6) + 8;
  }
  if (scratch.length < need) {
    scratch = new Uint8Array(need * 2);
    scratchText = Buffer.from(scratch.buffer);
  }
  scratch.set(ANSWER_OPEN, 0);
  let at = ANSWER_OPEN.length;
  for (let i = 0; i < found.length; i++) {
    const { article, first } = found[i]!;
    const parts = jsonPartsOf(index, article);
    if (i > 0) scratch[at++] = COMMA;
    scratch.set(parts.head, at);
    at += parts.head.length;
    at = writePassage(article, first, at);
    scratch.set(parts.tail, at);
    at += parts.tail.length;
  }
  scratch.set(ANSWER_CLOSE, at);
  return scratch.slice(0, at + ANSWER_CLOSE.length);
}

/** Writes the JSON string of `article`'s passage for `first` (passageAt's) into the scratch buffer at `at`; returns where it ends. */
function writePassage(article: IndexedArticle, first: number, at: number): number {
  if (!article.plainJson) return at + scratchText.write(JSON.stringify(passageAt(article.passage, first)), at);
  const cut = passageCut(article.passage, first);
  scratch[at++] = QUOTE;
  if (cut.before) at += scratchText.write(ELLIPSIS, at);
  at += scratchText.write(article.passage.slice(cut.start, cut.end), at);
  if (cut.after) at += scratchText.write(ELLIPSIS, at);
  scratch[at++] = QUOTE;
  return at;
}

/** answerBytesFromIndex's scratch buffer (a search runs to its end without yielding). */
let scratch = new Uint8Array(64 * 1024);
/** The same memory as a Buffer, whose write() encodes a string at an offset without a view of its own. */
let scratchText = Buffer.from(scratch.buffer);
const utf8 = new TextEncoder();
const QUOTE = '"'.charCodeAt(0);
const ELLIPSIS = '…';
/** Whether `text` holds a character JSON.stringify writes otherwise than as itself: a quote, a backslash, a control character, a surrogate. */
function notPlainJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}
const ANSWER_OPEN = utf8.encode('{"data":[');
const ANSWER_CLOSE = utf8.encode(']}');
const COMMA = ','.charCodeAt(0);

/** Each article's JSON before and after its passage, per index (the categories served depend on the index's live ones). */
const jsonParts = new WeakMap<SearchIndex, Map<IndexedArticle, { head: Uint8Array; tail: Uint8Array }>>();

function jsonPartsOf(index: SearchIndex, article: IndexedArticle): { head: Uint8Array; tail: Uint8Array } {
  let parts = jsonParts.get(index);
  if (!parts) jsonParts.set(index, (parts = new Map()));
  let kept = parts.get(article);
  if (!kept) {
    // The keys in answerFromIndex's order (a test holds the bytes to jsonBytes of its answer).
    const head = `{"id":${JSON.stringify(article.id)},"type":"kb_article","attributes":{"title":${JSON.stringify(article.title)},"slug":${JSON.stringify(article.slug)},"snippet":`;
    kept = { head: utf8.encode(head), tail: utf8.encode(`,"categories":${JSON.stringify(servedCategories(index, article))}}}`) };
    parts.set(article, kept);
  }
  return kept;
}

/** An article's categories that are served (deleted ones dropped, §5). */
const servedCategories = (index: SearchIndex, article: IndexedArticle) => article.categories.filter((id) => index.live.has(id));

/**
 * The articles matching `printed`, best first, at most `limit`, each with where its passage is cut around (passageAt;
 * -1 for a passage served whole, no word looked for); undefined for a query the index does not take.
 */
function foundWithPassages(index: SearchIndex, printed: string, limit: number): { article: IndexedArticle; first: number }[] | undefined {
  let hits: ReturnType<typeof rankedHits>;
  try {
    const query = parseTsquery(printed);
    if (!query) return [];
    hits = rankedHits(index, query, limit);
  } catch (error) {
    if (error instanceof UnsupportedQuery) return undefined;
    throw error;
  }
  const words = passageWords(lexemesOf(printed));
  return hits.map(({ article }) => ({ article, first: servedWhole(article.passage) ? -1 : passageStart(index, article, words) }));
}

/**
 * Where the passage under a hit is cut around (searchSnippet's: the first word starting with one of the query's
 * `words`), where each word first starts in each article kept per index: the same words come back in search after
 * search, and scanning each hit's body for each of them was a fifth of a broad term's time.
 */
function passageStart(index: SearchIndex, article: IndexedArticle, words: readonly string[]): number {
  let starts = firstStarts.get(index);
  if (!starts) firstStarts.set(index, (starts = new Map()));
  return earliestStart(words, (word) => {
    let ofWord = starts.get(word);
    if (!ofWord) {
      // At most about 8 MB per index (1,000 articles: 2,000 words); then the words are forgotten and found again.
      if (starts.size * index.articles.length >= MAX_FIRST_STARTS) starts.clear();
      starts.set(word, (ofWord = new Int32Array(index.articles.length).fill(UNKNOWN)));
    }
    const at = ofWord[article.number]!;
    return at === UNKNOWN ? (ofWord[article.number] = firstWordStart(article.lowerPassage, word)) : at;
  });
}

/** Per index, per word, where it first starts in each article (-1 nowhere, UNKNOWN not looked for yet). */
const firstStarts = new WeakMap<SearchIndex, Map<string, Int32Array>>();
const UNKNOWN = -2;
const MAX_FIRST_STARTS = 2_000_000;

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
  const operands = query.operands.length;
  if (operands > MAX_OPERANDS) throw new UnsupportedQuery('too many operands');
  const scratch = scratchOf(index);
  const { found, present: presentOf, touched } = scratch;
  let touchedCount = 0;
  try {
    // Each operand's positions per article (pos * 4 + weight; the weights it is limited to only), a prefix's lexemes
    // merged. When the query cannot hold without some operand, the one in fewest articles is gathered first, and the
    // others only in the articles holding it: an article without it is never ranked.
    const relaxed = presenceTest(query.root);
    const rarest = rarestRequiredOperand(index, query, relaxed);
    const rarestBit = rarest < 0 ? 0 : 1 << rarest;
    for (let n = 0; n < operands; n++) {
      const i = rarest < 0 ? n : n === 0 ? rarest : n <= rarest ? n - 1 : n;
      const operand = query.operands[i]!;
      const perArticle = found[i]!;
      const bit = 1 << i;
      const gathered = n === 0 ? 0 : rarestBit;
      const add = (posting: Posting) => {
        for (let k = 0; k < posting.articles.length; k++) {
          const article = posting.articles[k]!;
          if ((presentOf[article]! & gathered) !== gathered) continue;
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
    return rankFound(index, query, relaxed, limit, scratch, rarest < 0 ? -1 : touchedCount);
  } finally {
    for (let t = 0; t < touchedCount; t++) {
      const article = touched[t]!;
      presentOf[article] = 0;
      for (let i = 0; i < operands; i++) found[i]![article] = undefined;
    }
  }
}

/** The most operands for which rarestRequiredOperand looks at every combination (2^(n-1) each); the help centre's terms have a few. */
const MAX_REQUIRED_OPERANDS = 8;

/**
 * Of the operands the query cannot hold without (each of `a & b:*`, none of `a | b`), the one in fewest articles (a
 * prefix's lexemes counted together), or -1 when there is none or too many operands to tell.
 */
function rarestRequiredOperand(index: SearchIndex, query: ParsedQuery, relaxed: ((present: number) => boolean) | null): number {
  const operands = query.operands.length;
  if (!relaxed || operands > MAX_REQUIRED_OPERANDS) return -1;
  let rarest = -1;
  let fewest = Infinity;
  for (let i = 0; i < operands; i++) {
    const bit = 1 << i;
    let required = true;
    // Every combination without operand i (the query's presence test is a necessary condition, phrases too).
    for (let present = 0; present < 1 << operands && required; present++) if ((present & bit) === 0 && relaxed(present)) required = false;
    if (!required) continue;
    const operand = query.operands[i]!;
    let articles = 0;
    if (!operand.prefix) articles = index.lexemes.get(operand.lexeme)?.articles.length ?? 0;
    else
      for (let l = lowerBound(index.sorted, operand.lexeme); l < index.sorted.length && index.sorted[l]!.startsWith(operand.lexeme); l++)
        articles += index.lexemes.get(index.sorted[l]!)!.articles.length;
    if (articles < fewest) {
      fewest = articles;
      rarest = i;
    }
  }
  return rarest;
}

/**
 * rankedHits' second half: each article the query may match, in the articles' order, matched (@@) and ranked; only
 * the `touchedCount` articles gathered (scratch.touched) when that is all the query can match, -1 for every article.
 */
function rankFound(
  index: SearchIndex,
  query: ParsedQuery,
  relaxed: ((present: number) => boolean) | null,
  limit: number,
  scratch: Scratch,
  touchedCount: number,
): { article: IndexedArticle; rank: number }[] {
  const count = index.articles.length;
  const operands = query.operands.length;
  const { found, present: presentOf } = scratch;
  // Whether the query holds for the operands present (`relaxed`, its presence test), worked out once per combination.
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

  // The articles gathered, in the articles' order, when they are few: the others hold no operand the query needs.
  const sparse = touchedCount >= 0 && !anyArticle && touchedCount * 4 < count ? scratch.touched.subarray(0, touchedCount).sort() : null;
  const hits: { article: IndexedArticle; rank: number }[] = [];
  for (let next = 0, end = sparse ? sparse.length : count; next < end; next++) {
    const article = sparse ? sparse[next]! : next;
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

/** mergeEntries' lists present in the article, their operands' bits and cursors (reused: a search runs to its end without yielding). */
const mergeLists: (readonly number[])[] = [];
const mergeBits = new Int32Array(MAX_OPERANDS);
const cursors = new Int32Array(MAX_OPERANDS);

/**
 * get_docrep: the article's positions that some operand matches, in order (by position, then weight), each once with
 * the mask of the operands matching it; answers how many. The operands present in the article are taken once, and
 * two (most terms) are merged pairwise.
 */
function mergeEntries(found: (readonly number[] | undefined)[][], operands: number, article: number, encoded: Int32Array, masks: Int32Array): number {
  let lists = 0;
  for (let i = 0; i < operands; i++) {
    const list = found[i]![article];
    if (list) {
      mergeLists[lists] = list;
      mergeBits[lists] = 1 << i;
      cursors[lists] = 0;
      lists++;
    }
  }
  let n = 0;
  if (lists === 2) {
    const a = mergeLists[0]!;
    const b = mergeLists[1]!;
    const bitA = mergeBits[0]!;
    const bitB = mergeBits[1]!;
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x < y) {
        encoded[n] = x;
        masks[n++] = bitA;
        i++;
      } else if (y < x) {
        encoded[n] = y;
        masks[n++] = bitB;
        j++;
      } else {
        encoded[n] = x;
        masks[n++] = bitA | bitB;
        i++;
        j++;
      }
    }
    for (; i < a.length; i++) {
      encoded[n] = a[i]!;
      masks[n++] = bitA;
    }
    for (; j < b.length; j++) {
      encoded[n] = b[j]!;
      masks[n++] = bitB;
    }
    return n;
  }
  for (;;) {
    let smallest = Number.MAX_SAFE_INTEGER;
    for (let l = 0; l < lists; l++) {
      const list = mergeLists[l]!;
      if (cursors[l]! < list.length && list[cursors[l]!]! < smallest) smallest = list[cursors[l]!]!;
    }
    if (smallest === Number.MAX_SAFE_INTEGER) return n;
    let mask = 0;
    for (let l = 0; l < lists; l++) {
      const list = mergeLists[l]!;
      if (cursors[l]! < list.length && list[cursors[l]!] === smallest) {
        mask |= mergeBits[l]!;
        cursors[l]!++;
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
