import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const flows = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'engine/cli/flows.ts', ...args], { encoding: 'utf8' });

describe('npm run flows:check and flows:graph (issue 2)', () => {
  it('passes on the shipped flows', () => {
    const run = flows('check');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('ok  flows/consultation/haircare.yaml');
  });

  it('prints every problem of the files given and exits non-zero', () => {
    const run = flows('check', 'tests/fixtures/flows/unknown-field.yaml', 'tests/fixtures/flows/unreachable.yaml');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('tests/fixtures/flows/unknown-field.yaml:19:13  unknown_field');
    expect(run.stderr).toContain('tests/fixtures/flows/unreachable.yaml:13:5  unreachable_step');
    expect(run.stderr).toContain('3 problems found.');
  });

  it('draws a flow as a Mermaid flowchart, with the rules that skip steps', () => {
    const run = flows('graph', 'flows/consultation/haircare.yaml');
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith('flowchart TD')).toBe(true);
    expect(run.stdout).toContain('zipcode --> geo_aggressors');
    expect(run.stdout).toMatch(/-\. "unless diag_hair_texture in \[.*type_3a.*\]" \.-> split_ends/);
  });
});
