/**
 * PostgreSQL's ts_rank_cd (cover density, no normalisation: src/backend/utils/adt/tsrank.c calc_rank_cd, version 13 and
 * later) in the server's code, so the help centre ranks in memory exactly as the database would.
 *
 * The document is given as its positions that the query's operands match, in order (get_docrep): `encoded[k]` is
 * pos * 4 + weight (D 0 to A 3), `masks[k]` the operands matching there (operand i is bit i). A cover is a shortest
 * stretch [p, q] in which the query holds: the first stretch from the current start that holds, shrunk from its right
 * end back; each adds (entries / sum of 1/weight) / (1 + the words between that are no match), and the search goes on
 * after the cover's first entry. The result is rounded to float4, as PostgreSQL returns it.
 */

/** Whether the query holds for a stretch: `present`, the operands in it, and (for phrases) entries from..to. */
export interface StretchTest {
  /** present → 1 or 0, -1 while not yet known (filled by `decide`). */
  memo: Int8Array;
  decide(present: number): number;
  /** For a query with phrases: whether it holds over entries from..to with their positions; null otherwise. */
  positional: ((present: number, from: number, to: number) => boolean) | null;
}

/** 1 / the default weights {D 0.1, C 0.2, B 0.4, A 1.0}, taken as float4 like PostgreSQL's static array. */
const INVERSE_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map((w) => 1 / Math.fround(w));

/**
 * ts_rank_cd(document, query) over a document's n matching entries; `masks` one number when every entry has the same
 * operands (a one-word query), for a query without phrases.
 * @example coverDensityRank([1 * 4 + 3], [1], 1, test) // 1: one title word (weight A)
 */
export function coverDensityRank(encoded: ArrayLike<number>, masks: ArrayLike<number> | number, n: number, test: StretchTest): number {
  const { memo, positional } = test;
  // Without phrases, a document whose entries all hold the same operands: each entry is a cover of its own.
  if (typeof masks === 'number') {
    if (positional !== null) throw new Error('a query with phrases needs the masks of its entries');
    if ((memo[masks]! < 0 ? test.decide(masks) : memo[masks]) !== 1) return 0;
    let rank = 0;
    for (let k = 0; k < n; k++) rank += 1 / INVERSE_WEIGHTS[encoded[k]! & 3]!;
    return Math.fround(rank);
  }
  let rank = 0;
  let start = 0;
  for (;;) {
    // Cover(): the next cover from `start`, or none.
    let covered = false;
    let begin = 0;
    let end = 0;
    let p: number;
    let q: number;
    for (;;) {
      p = Number.MAX_SAFE_INTEGER;
      q = 0;
      let found = false;
      let last = start;
      let present = 0;
      for (let k = start; k < n; k++) {
        present |= masks[k]!;
        if ((memo[present]! < 0 ? test.decide(present) : memo[present]) === 1 && (positional === null || positional(present, start, k))) {
          const pos = encoded[k]! >> 2;
          if (pos > q) {
            q = pos;
            end = k;
            last = k;
            found = true;
          }
          break;
        }
      }
      if (!found) break;
      present = 0;
      let k = last;
      for (; k >= start; k--) {
        present |= masks[k]!;
        if ((memo[present]! < 0 ? test.decide(present) : memo[present]) === 1 && (positional === null || positional(present, k, last))) {
          const pos = encoded[k]! >> 2;
          if (pos < p) {
            begin = k;
            p = pos;
          }
          break;
        }
      }
      if (p <= q) {
        start = k + 1;
        covered = true;
        break;
      }
      start++;
    }
    if (!covered) break;
    let inverseSum = 0;
    for (let k = begin; k <= end; k++) inverseSum += INVERSE_WEIGHTS[encoded[k]! & 3]!;
    const density = (end - begin + 1) / inverseSum;
    let noise = q - p - (end - begin);
    if (noise < 0) noise = Math.trunc((end - begin) / 2);
    rank += density / (1 + noise);
  }
  return Math.fround(rank);
}
