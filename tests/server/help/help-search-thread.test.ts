/**
 * The help centre's search thread (server/help/search-thread.ts): a thread that stops loses no search, a knowledge
 * base written again is searched anew there, and a command that searched still ends (the thread never keeps a
 * process alive).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/database';
import { logger } from '../../../server/log/logger';
import { jsonBytes } from '../../../server/help/json-bytes';
import { loadKnowledgeBase } from '../../../server/help/load-knowledge-base';
import { searchAnswerJson, searchInMemory } from '../../../server/help/search-index';
import { crashSearchThread, searchThread, SearchThreadUnavailable } from '../../../server/help/search-thread';
import { searchTerms } from '../../../server/help/search-terms';
import { seedKnowledgeBase } from '../../../server/help/seed-knowledge-base';
import { createTestDatabase, type TestDatabase } from '../support/databases';

const TERMS = ['shampoo', 'gift card', 'cancel subscription', 'ship', '"made to order"', 'refund or return', 'conditioner -shampoo', 'guarantee'];
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the search thread', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedKnowledgeBase(database.db, loadKnowledgeBase('shop/help/content'));
  }, 120_000);
  afterAll(() => database.destroy());

  const expected = async (term: string) => text(jsonBytes(await searchInMemory(database.db, searchTerms(term)!)));

  it('stops in the middle of searches: each is still answered, the same, and the next searches start a new thread', async () => {
    const first = searchThread()!;
    expect(first).toBeDefined();
    await searchAnswerJson(database.db, searchTerms('shampoo')!); // the thread holds the index
    const inFlight = TERMS.map((term) => searchAnswerJson(database.db, searchTerms(term)!));
    await crashSearchThread();
    const answers = await Promise.all(inFlight);
    for (const [i, term] of TERMS.entries()) expect(text(answers[i]!), term).toBe(await expected(term));
    expect(first.stopped).toBe(true);

    // A new thread answers the next searches.
    const second = searchThread()!;
    expect(second).not.toBe(first);
    for (const term of TERMS) expect(text(await searchAnswerJson(database.db, searchTerms(term)!)), term).toBe(await expected(term));
    expect(second.answered).toBe(TERMS.length);
  }, 60_000);

  it('the knowledge base written again: the thread searches the new articles, not the old', async () => {
    const base = loadKnowledgeBase('shop/help/content');
    const found = JSON.parse(text(await searchAnswerJson(database.db, searchTerms('guarantee')!))) as { data: { id: string }[] };
    expect(found.data.length).toBeGreaterThan(0);
    const gone = found.data[0]!.id;
    // The same base without the best hit (§5: an article taken away is never found).
    await seedKnowledgeBase(database.db, { ...base, articles: base.articles.filter((article) => article.id !== gone) });
    const answered = searchThread()!.answered;
    const after = JSON.parse(text(await searchAnswerJson(database.db, searchTerms('guarantee')!))) as { data: { id: string }[] };
    expect(searchThread()!.answered).toBe(answered + 1);
    expect(after.data.map((hit) => hit.id)).not.toContain(gone);
    expect(after.data.length).toBe(found.data.length - 1);
  }, 60_000);
});

it('a search the thread cannot answer is refused to the server’s own thread, and the log says so once, without the query', async () => {
  const warn = vi.spyOn(logger, 'warn');
  try {
    const thread = searchThread()!;
    // An index the thread cannot build (a document that is no tsvector): its searches fail there.
    const broken = async () => ({
      rows: [{ id: 'a', title: 'A', slug: 'a', categories: [], body_text: 'a', position: 1, search: 'not a tsvector' }],
      live: [],
    });
    const db = {} as Database;
    for (let i = 0; i < 2; i++) await expect(thread.search(db, "'secretterm'", broken, 25)).rejects.toBeInstanceOf(SearchThreadUnavailable);
    const said = warn.mock.calls.filter((call) => String(call.at(-1)).includes('help search thread could not answer'));
    expect(said).toHaveLength(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('secretterm');
  } finally {
    warn.mockRestore();
  }
});

it('a command that searched ends by itself: the thread does not keep its process alive', async () => {
  // The thread alone, over an index of no articles: what keeps a process alive or not is the thread, not a database.
  const script = `
    import { searchThread } from './server/help/search-thread.ts';
    const thread = searchThread();
    const bytes = await thread.search({}, "'shampoo'", async () => ({ rows: [], live: [] }), 25);
    console.log(JSON.stringify({ answer: new TextDecoder().decode(bytes), answered: thread.answered }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  // Waits for the exit itself; the test's own timeout only bounds a process that never ends.
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, out).toBe(0);
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as { answer: string; answered: number };
  expect(result).toEqual({ answer: '{"data":[]}', answered: 1 });
}, 120_000);
