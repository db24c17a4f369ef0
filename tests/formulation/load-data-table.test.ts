import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { knownFacts } from '../../server/formulation/known-facts';
import { loadFragranceTable } from '../../server/formulation/fragrances/rank-fragrances';
import { loadScoringTable } from '../../server/formulation/scoring/scoring-table';

const dir = mkdtempSync(path.join(tmpdir(), 'tables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const known = knownFacts(answerCatalog(loadFlowDirectory('flows').flows));

/** Every YAML rule table loads through server/formulation/load-data-table.ts (issue 11 "one loader"). */
describe('the rule tables’ one loader', () => {
  it('a broken table stops the start with what is broken, every problem at file:line:column', () => {
    const file = path.join(dir, 'fragrances.yaml');
    writeFileSync(file, 'haircare:\n  fragranceFree: nope\n  gentle: {}\n  catalogue: []\nskincare: 3\nreasons: []\n');
    const shown = path.relative(process.cwd(), file);
    let message = '';
    try {
      loadFragranceTable(known, file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The fragrances table has \d+ problem\(s\):/);
    const lines = message.split('\n').slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(new RegExp(`^${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+`));
    expect(message).toContain(`${shown}:5:`); // skincare: 3
  });

  it('another table names itself', () => {
    const file = path.join(dir, 'scoring.yaml');
    writeFileSync(file, 'dimensions: nope\n');
    expect(() => loadScoringTable(known, file)).toThrow(/^The scoring table has \d+ problem\(s\):\n.*scoring\.yaml:1:\d+/);
  });
});
