import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFlowSource, formatIssues, readFromRoot } from '#engine/compiler';

const dir = 'tests/fixtures/flows/includes';

/** Compiles a fixture that includes fragments, reading them from disk as `flows check` does. */
function compile(name: string) {
  const file = `${dir}/${name}.yaml`;
  return compileFlowSource(readFileSync(file, 'utf8'), file, { readFile: readFromRoot(process.cwd()) });
}

describe('shared steps: flows include fragments (issue 3 "Shared steps")', () => {
  it('expands an include into the fragment’s steps, with each flow’s own changes merged in', () => {
    const { flow, issues } = compile('good');
    expect(issues).toEqual([]);
    const hydration = flow!.steps.find((s) => s.name === 'hydration')!;
    expect(hydration.route).toBe('/consultation/good/my-life/hydration');
    expect(hydration.tip).toEqual({ title: 'Why we ask:', body: 'Water matters.' });
    // Maps merge key by key: the follow-up keeps the fragment's `on` and body, with the flow's title.
    expect('followUp' in hydration && hydration.followUp).toMatchObject({ on: ['lots'], title: 'Well done', body: 'Keep it up.' });
    expect(hydration.when).toMatchObject({ kind: 'test', key: 'diag_hair_length', op: 'equals', value: 'long' });
  });

  it('reports a problem inside a fragment at the fragment’s own file:line:column', () => {
    const result = compile('broken-fragment');
    expect(formatIssues(result).join('\n\n')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/includes/fragments/shared.yaml:14:11  unknown_kind
        Step kind "singel" does not exist.
        Expected: welcome, intro, single, multi, boolean, goals, fragrance, zipcode, geo-aggressors, signin, routine-products, matrix, … (29 in all).
        Found: singel.
        Did you mean "single"?
          14 |     kind: singel
             |           ^^^^^^"
    `);
  });

  it('reports problems in the flow’s changes, unknown step names, missing and unreadable fragments in the right file', () => {
    const result = compile('broken-change');
    expect(formatIssues(result).join('\n\n')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/includes/broken-change.yaml:16:24  unknown_step
        There is no step named "hydraton".
        Expected: hydration.
        Found: hydraton.
        Did you mean "hydration"?
          16 |     steps: [hydration, hydraton]
             |                        ^^^^^^^^

      tests/fixtures/flows/includes/broken-change.yaml:19:49  unknown_option_value
        "medium" is not an option of "diag_hair_length".
        Expected: short, long.
        Found: medium.
          19 |         when: { diag_hair_length: { in: [short, medium] } }
             |                                                 ^^^^^^

      tests/fixtures/flows/includes/broken-change.yaml:20:26  unknown_option_value
        "lotss" is not an option of "profile_hydration".
        Expected: little, lots.
        Found: lotss.
        Did you mean "lots"?
          20 |         followUp: { on: [lotss] }
             |                          ^^^^^

      tests/fixtures/flows/includes/broken-change.yaml:22:7  unknown_step
        There is no step named "stres".
        Expected: hydration.
        Found: stres.
          22 |       stres: { tip: { title: x, body: y } }
             |       ^^^^^

      tests/fixtures/flows/includes/broken-change.yaml:23:14  include_not_found
        The included file "tests/fixtures/flows/includes/fragments/missing.yaml" does not exist.
        Found: tests/fixtures/flows/includes/fragments/missing.yaml.
          23 |   - include: fragments/missing.yaml
             |              ^^^^^^^^^^^^^^^^^^^^^^

      tests/fixtures/flows/includes/fragments/syntax.yaml:3:11  yaml_syntax
        The YAML cannot be read: Nested mappings are not allowed in compact mappings.

      tests/fixtures/flows/includes/fragments/syntax.yaml:3:11  yaml_syntax
        The YAML cannot be read: Implicit keys need to be on a single line."
    `);
  });
});

describe('include paths', () => {
  it('are relative to the including file, inside or outside the project folder', async () => {
    const { joinPath } = await import('../../engine/compile/expand-includes.ts');
    expect(joinPath('flows/consultation', '../fragments/lifestyle.yaml')).toBe('flows/fragments/lifestyle.yaml');
    expect(joinPath('../other/flows/consultation', '../fragments/a.yaml')).toBe('../other/flows/fragments/a.yaml');
    expect(joinPath('/srv/flows/consultation', './fragments/a.yaml')).toBe('/srv/flows/consultation/fragments/a.yaml');
  });
});
