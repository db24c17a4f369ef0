import { parentPort } from 'node:worker_threads';
import { answerBytesFromIndex, buildSearchIndex, type SearchIndex } from './indexed-search';
import type { Answer, FromSearchThread, Search, ToSearchThread } from './search-thread';

// The help centre's search thread (search-thread.ts starts it): it holds the indexes it is sent and answers each search
// with the answer's JSON as UTF-8 bytes. Messages are handled in the order sent, so a search sent after its index's
// `load` finds that index.

const indexes = new Map<number, { index: SearchIndex; limit: number }>();
const port = parentPort!;

port.on('message', (message: ToSearchThread) => {
  switch (message.type) {
    case 'load':
      try {
        indexes.set(message.index, { index: buildSearchIndex(message.rows, message.live), limit: message.limit });
      } catch {
        // The searches of this index are answered `failed`: the server searches in its own thread.
      }
      return;
    case 'drop':
      indexes.delete(message.index);
      return;
    case 'search': {
      const answers: Answer[] = [];
      const handed: ArrayBuffer[] = [];
      for (const search of message.searches) {
        const answer = answerOf(search);
        answers.push(answer);
        if ('json' in answer && answer.json) handed.push(answer.json.buffer);
      }
      // The answers' bytes are handed over rather than copied.
      port.postMessage({ answers } satisfies FromSearchThread, handed);
    }
  }
});

function answerOf({ id, index, printed }: Search): Answer {
  const held = indexes.get(index);
  if (!held) return { id, failed: 'no such index' };
  try {
    return { id, json: answerBytesFromIndex(held.index, printed, held.limit) ?? null };
  } catch (error) {
    return { id, failed: error instanceof Error ? error.message : 'the search failed' };
  }
}
