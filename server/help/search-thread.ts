import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from '../db/database';
import { logger } from '../log/logger';
import type { ArticleRow } from './indexed-search';

/**
 * The help centre's search on a thread of its own (server/help/README.md "Search"): matching, ranking, passages and
 * the answer's JSON run there, the server's own thread keeping only HTTP, the stemming and the answers kept in
 * memory. On two cores this is what lets 50 new searches at once be answered in time: the server's thread was busy
 * with both, one search after another. One thread per process holds the index of each database searched (tests open
 * many); an index is dropped when its database is written again or garbage-collected.
 *
 * When the thread cannot start or stops, searches are answered in the server's own thread (search-index.ts) and the
 * log says so; a new thread is started for the next search, three times at most in a process's life.
 */

/** What the server sends the search thread. */
export type ToSearchThread =
  { type: 'load'; index: number; rows: ArticleRow[]; live: string[]; limit: number } | { type: 'drop'; index: number } | { type: 'search'; searches: Search[] };

/** One search: the printed tsquery over an index. */
export interface Search {
  id: number;
  index: number;
  printed: string;
}

/** What the search thread answers for each search: its JSON as UTF-8, null for a query the index does not take, or why it failed. */
export type Answer = { id: number; json: Uint8Array<ArrayBuffer> | null } | { id: number; failed: string };

/** The answers to one `search` message, in one message. */
export interface FromSearchThread {
  answers: Answer[];
}

/** The thread could not answer (stopped, not started, or the search failed there): search in the server's own thread. */
export class SearchThreadUnavailable extends Error {}

/** How many threads a process starts at most: a thread that keeps stopping is not started again and again. */
const MAX_STARTS = 3;

/**
 * The worker's code, evaluated: it registers tsx's loader (the server runs its TypeScript through tsx, and a worker
 * does not inherit the loader of `node --import tsx`) and imports search-worker.ts.
 */
function workerSource(): string {
  // tsx's ESM entry, as its package's exports name it (require.resolve would give its CommonJS one).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), exports['./esm/api']!.import.default)).href;
  const entry = new URL('./search-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
}

class SearchThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (json: Uint8Array<ArrayBuffer> | null) => void; reject: (error: Error) => void }>();
  private readonly indexes = new WeakMap<Database, Promise<number>>();
  /** A database garbage-collected: its index is dropped from the thread. */
  private readonly dropper = new FinalizationRegistry<number>((index) => this.post({ type: 'drop', index }));
  private nextId = 1;
  private nextIndex = 1;
  stopped = false;
  /** How many searches the thread has answered (tests check that answers came from it). */
  answered = 0;
  private failureLogged = false;

  constructor(onStop: (thread: SearchThread, why: string) => void) {
    this.worker = new Worker(workerSource(), { eval: true, name: 'help-search' });
    this.worker.on('message', ({ answers }: FromSearchThread) => {
      for (const answer of answers) {
        const waiting = this.pending.get(answer.id);
        if (!waiting) continue;
        this.pending.delete(answer.id);
        if ('json' in answer) {
          this.answered++;
          waiting.resolve(answer.json);
        } else {
          // Said once a thread, without the reason (it may quote the query): the server's own thread answers, and a
          // failure there reaches the error log as any other.
          if (!this.failureLogged) logger.warn('help search thread could not answer a search: answered in the server’s own thread');
          this.failureLogged = true;
          waiting.reject(new SearchThreadUnavailable(answer.failed));
        }
      }
      if (this.pending.size === 0) this.worker.unref();
    });
    const stop = (why: string) => {
      if (this.stopped) return;
      this.stopped = true;
      for (const waiting of this.pending.values()) waiting.reject(new SearchThreadUnavailable(why));
      this.pending.clear();
      onStop(this, why);
    };
    this.worker.on('error', (error) => stop(error.message));
    this.worker.on('exit', (code) => stop(`it exited (${code})`));
    // The thread keeps the process alive only while a search waits for it (search() refs it, the last answer unrefs
    // it): a command that searched ends. After the listeners: listening for messages refs the worker's port again.
    this.worker.unref();
  }

  /**
   * Sends `db`'s served articles to the thread as a new index (the knowledge base was written, or this is the first
   * search); the index sent before is dropped once the new one is sent.
   */
  load(db: Database, read: () => Promise<{ rows: ArticleRow[]; live: string[] }>, limit: number): Promise<number> {
    const before = this.indexes.get(db);
    const index = read().then(({ rows, live }) => {
      const id = this.nextIndex++;
      this.post({ type: 'load', index: id, rows, live, limit });
      this.dropper.register(db, id, db);
      return id;
    });
    this.indexes.set(db, index);
    index.catch(() => {
      if (this.indexes.get(db) === index) this.indexes.delete(db);
    });
    if (before)
      void Promise.all([before, index]).then(
        ([old]) => this.post({ type: 'drop', index: old }),
        () => undefined,
      );
    return index;
  }

  /** The answer's JSON for the printed tsquery `printed` over `db`'s index (loading it first if it is not there); null if the index does not take it. */
  async search(
    db: Database,
    printed: string,
    read: () => Promise<{ rows: ArticleRow[]; live: string[] }>,
    limit: number,
  ): Promise<Uint8Array<ArrayBuffer> | null> {
    const index = await (this.indexes.get(db) ?? this.load(db, read, limit));
    if (this.stopped) throw new SearchThreadUnavailable('the thread stopped');
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    const answer = new Promise<Uint8Array<ArrayBuffer> | null>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.batch.length === 0) setImmediate(this.flush);
    this.batch.push({ id, index, printed });
    return answer;
  }

  /**
   * The searches asked for in this turn of the event loop, sent in one message once the turn's requests are read
   * (setImmediate runs after the poll phase): a message costs each thread a wake-up, and under load a turn reads
   * many requests. The thread answers them in one message too.
   */
  private batch: Search[] = [];
  private readonly flush = () => {
    const searches = this.batch;
    this.batch = [];
    this.post({ type: 'search', searches });
  };

  private post(message: ToSearchThread): void {
    if (!this.stopped) this.worker.postMessage(message);
  }

  /** Ends the thread as a crash would (for tests: the searches still get their answers). */
  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

let thread: SearchThread | undefined;
let starts = 0;

/** The process's search thread, started if there is none (undefined once it has stopped MAX_STARTS times, or cannot start). */
export function searchThread(): SearchThread | undefined {
  if (thread || starts >= MAX_STARTS) return thread;
  starts++;
  try {
    thread = new SearchThread((stopped, why) => {
      if (thread === stopped) thread = undefined;
      logger.warn({ why, startsLeft: MAX_STARTS - starts }, 'help search thread stopped: searching in the server’s own thread until another starts');
    });
  } catch (error) {
    logger.warn({ err: error }, 'help search thread could not start: searching in the server’s own thread');
  }
  return thread;
}

/** Ends the running search thread as a crash would (tests check that searches are still answered, the same). */
export async function crashSearchThread(): Promise<void> {
  await thread?.terminate();
}
