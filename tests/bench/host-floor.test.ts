import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BYTES, serveFloor } from '../../bench/host-floor';

// The help-search bench's floor (bench/README.md "Help-centre search"): a bare server whose thread spends a fixed CPU
// time on each request. Its figures mean something only if every request is answered, with a search answer's size,
// and costs at least that time.
describe('the host floor of the help-search bench', () => {
  const WORK_MS = 25;
  let floor: Awaited<ReturnType<typeof serveFloor>>;
  beforeAll(async () => {
    floor = await serveFloor(WORK_MS);
  });
  afterAll(() => floor.close());

  it('answers every request of a burst with a body the size of a search answer', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`http://127.0.0.1:${floor.port}/v1/knowledge_base/search?term=x`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(bodies.map((body) => body.byteLength)).toEqual(Array(8).fill(ANSWER_BYTES));
  });

  it('spends at least the given time on each request, one after another on its thread', async () => {
    // The loop's rate is measured at its fastest, so a busy machine only makes a request longer: a lower bound holds.
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => fetch(`http://127.0.0.1:${floor.port}/`).then((answer) => answer.arrayBuffer())));
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * WORK_MS);
  });
});
