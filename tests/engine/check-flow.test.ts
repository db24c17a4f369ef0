import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFlowSource, formatIssue } from '#engine/compiler';

/** Compiles a fixture and returns the printed problems, as `flows check` shows them. */
function problems(name: string): string {
  const file = `tests/fixtures/flows/${name}.yaml`;
  const text = readFileSync(file, 'utf8');
  const result = compileFlowSource(text, file);
  return result.issues.map((i) => formatIssue(i, text)).join('\n\n');
}

describe('the flow checker (DESIGN.md "Flows"; STYLE.md §6)', () => {
  it('accepts a valid flow', () => {
    const result = compileFlowSource(readFileSync('tests/fixtures/flows/mini.yaml', 'utf8'), 'mini.yaml');
    expect(result.issues).toEqual([]);
    expect(result.flow?.steps.map((s) => s.route)).toEqual([
      '/consultation/mini/my-hair/length',
      '/consultation/mini/my-hair/texture',
      '/consultation/mini/my-hair/porosity',
      '/consultation/mini/my-life/sports',
    ]);
  });

  it('reports a rule naming a field no step writes, with a "did you mean"', () => {
    expect(problems('unknown-field')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/unknown-field.yaml:19:13  unknown_field
        Rule names field "diag_hair_textur", which no step writes and no context declares.
        Found: diag_hair_textur.
        Did you mean "diag_hair_texture"?
          19 |     when: { diag_hair_textur: { in: [type_3a] } }
             |             ^^^^^^^^^^^^^^^^"
    `);
  });

  it('reports a value that is not one of the field’s options', () => {
    expect(problems('unknown-value')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/unknown-value.yaml:19:39  unknown_option_value
        "type_3z" is not an option of "diag_hair_texture".
        Expected: smooth, type_3a.
        Found: type_3z.
        Did you mean "type_3a"?
          19 |     when: { diag_hair_texture: { in: [type_3z, smooth] } }
             |                                       ^^^^^^^"
    `);
  });

  it('reports every problem of a file together: kind, unknown key, section, duplicate name and route, exclusive in single choice, operator', () => {
    expect(problems('many-problems')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/many-problems.yaml:10:11  unknown_kind
        Step kind "singel" does not exist.
        Expected: welcome, intro, single, multi, boolean, goals, fragrance, zipcode, geo-aggressors, signin, routine-products, matrix, … (29 in all).
        Found: singel.
        Did you mean "single"?
          10 |     kind: singel
             |           ^^^^^^

      tests/fixtures/flows/many-problems.yaml:18:14  unknown_section
        Step "texture" is in section "hiar", which is not declared under sections.
        Expected: hair.
        Found: hiar.
        Did you mean "hair"?
          18 |     section: hiar
             |              ^^^^

      tests/fixtures/flows/many-problems.yaml:19:5  unknown_key
        "tilte" is not a setting in step "texture".
        Expected: name, route, section, title, subtitle, body, button, public, skipSave, when, tip, textCases, … (21 in all).
        Found: tilte.
        Did you mean "title"?
          19 |     tilte: What's your texture?
             |     ^^^^^

      tests/fixtures/flows/many-problems.yaml:22:43  exclusive_in_single
        Option "smooth" is marked exclusive, but step "texture" is single-choice, where every option already excludes the others.
        Found: smooth.
          22 |       - { value: smooth, label: Straight, exclusive: true }
             |                                           ^^^^^^^^^

      tests/fixtures/flows/many-problems.yaml:24:11  duplicate_step_name
        Two steps are named "texture"; the first is step 2.
        Found: texture.
          24 |   - name: texture
             |           ^^^^^^^

      tests/fixtures/flows/many-problems.yaml:26:12  duplicate_route
        Two steps use the route "/consultation/mini/my-hair/texture": "texture" (step 2) and "texture". Steps may share a route only when their rules can never both hold.
        Found: /consultation/mini/my-hair/texture.
          26 |     route: my-hair/texture
             |            ^^^^^^^^^^^^^^^

      tests/fixtures/flows/many-problems.yaml:34:34  unknown_operator
        "inn" is not a rule operator.
        Expected: equals, notEquals, in, notIn, includes, includesAny, includesAll, excludes, answered, gt, gte, lt, … (13 in all).
        Found: inn.
        Did you mean "in"?
          34 |     when: { diag_hair_texture: { inn: [type_3a] } }
             |                                  ^^^"
    `);
  });

  it('reports steps no path can reach', () => {
    expect(problems('unreachable')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/unreachable.yaml:13:5  unreachable_step
        Step "porosity" can never be shown: no answers to the steps before it make its rule hold.
          13 |     when: { diag_hair_texture: { in: [type_3a] } }
             |     ^^^^

      tests/fixtures/flows/unreachable.yaml:27:5  unreachable_step
        Step "never" can never be shown: no answers to the steps before it make its rule hold.
          27 |     when: { all: [ { diag_hair_texture: smooth }, { diag_hair_texture: type_3a } ] }
             |     ^^^^"
    `);
  });

  it('reports YAML syntax errors with their place', () => {
    expect(problems('syntax')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/syntax.yaml:5:1  yaml_syntax
        The YAML cannot be read: Flow map in block collection must be sufficiently indented and end with a }.
          5 | sections:
            | ^"
    `);
  });

  it('explains that a comma inside { } needs quotes', () => {
    expect(problems('comma')).toMatchInlineSnapshot(`
      "tests/fixtures/flows/comma.yaml:13:54  unknown_key
        "dry at the ends" is not a setting in option 1 of step "type".
        Expected: value, label, description, image, exclusive, group, aliases, retired, when, field, selected, unselected, … (16 in all).
        Found: dry at the ends.
        Text with a comma inside { } must be in quotes, e.g. label: "Oily at the roots, dry at the ends".
          13 |       - { value: oily_dry, label: Oily at the roots, dry at the ends }
             |                                                      ^^^^^^^^^^^^^^^"
    `);
  });
});
