import type { Database } from '../db/database';
import { jsonBytes } from './json-bytes';
import { rebuildSearchIndex } from './search-index';

/** Answers kept per database: the knowledge base changes only when the server writes it at start (seed-knowledge-base.ts). */
const caches = new WeakMap<Database, Map<string, Promise<Uint8Array<ArrayBuffer>>>>();
/** At most this many answers are kept (the least recently used go first): about 15 MB at most (25 hits each). */
export const KB_CACHE_SIZE = 2000;

/**
 * The answer for `key` on `db` as its JSON's UTF-8 bytes: computed, serialised and encoded once, then served from
 * memory until the knowledge base is written again. Concurrent asks for the same key share one computation; a failed
 * one is not kept. Bytes rather than text: a kept answer is not encoded again for each reply, and its bytes lie outside
 * the heap the garbage collector walks (2,000 answers of about 5 KB each).
 * @example const json = await cachedAnswer(db, `search:${terms}`, () => searchArticles(db, terms))
 */
export const cachedAnswer = (db: Database, key: string, compute: () => Promise<unknown>): Promise<Uint8Array<ArrayBuffer>> =>
  cachedJson(db, key, () => compute().then(jsonBytes));

/** cachedAnswer for an answer computed as its JSON's bytes (the search thread's answers). */
export function cachedJson(db: Database, key: string, compute: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const kept = cache.get(key);
  if (kept) {
    // Most recently used last: the Map's order is its age.
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  const answer = compute();
  cache.set(key, answer);
  answer.catch(() => cache.delete(key));
  if (cache.size > KB_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return answer;
}

/** Forgets every answer of `db` and reads its search index again (the knowledge base was written). */
export function forgetAnswers(db: Database): void {
  caches.delete(db);
  rebuildSearchIndex(db);
}
