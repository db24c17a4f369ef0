import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  addContent,
  anonymousEnvironment,
  contentReady,
  createFlowRuntime,
  loadAllContent,
  loadContent,
  splitFlowContent,
  withContent,
  type CompiledFlow,
} from '#engine';
import { serializeFlow } from '../../engine/compile/serialize-flow.ts';
import { landingChunks } from '../../engine/compile/landing-texts.ts';
import { flow, haircarePath, skincarePath } from './support/flows';

/** The flow as the browser gets it with `?split`: logic now, each section's words on demand. */
function split(path = haircarePath) {
  const whole = JSON.parse(serializeFlow(flow(path))) as CompiledFlow;
  const { logic, chunks } = splitFlowContent(whole);
  const requested: string[] = [];
  const loaders = Object.fromEntries(
    Object.keys(chunks).map((name) => [name, async () => (requested.push(name), { default: structuredClone(chunks[name]!) })]),
  );
  return { whole, split: withContent(logic, loaders), chunks, requested };
}

describe('flow content arrives apart from the logic (issue 3 target: a step page ≤ 120 KB)', () => {
  it('the logic keeps routes, rules, fields and values, and no words', () => {
    const { split: logic } = split();
    const length = logic.steps.find((s) => s.name === 'length')!;
    expect(length.route).toBe('/consultation/haircare/my-hair/length');
    expect(length.title).toBeUndefined();
    expect('options' in length && length.options.map((o) => [o.value, o.label])).toEqual([
      ['very_short', undefined],
      ['short', undefined],
      ['shoulder', undefined],
      ['long', undefined],
      ['very_long', undefined],
    ]);
    expect(logic.steps.find((s) => s.name === 'porosity')!.when).toBeTruthy();
  });

  it('loads only the section a step is in, then merges its words back exactly', async () => {
    const { whole, split: flowSplit, requested } = split();
    expect(contentReady(flowSplit, 'length')).toBe(false);
    await loadContent(flowSplit, 'length');
    expect(requested).toEqual(['hair-scalp']);
    expect(contentReady(flowSplit, 'length')).toBe(true);
    expect(contentReady(flowSplit, 'goals')).toBe(false);
    const byName = (f: CompiledFlow, name: string) => f.steps.find((s) => s.name === name);
    expect(byName(flowSplit, 'length')).toEqual(byName(whole, 'length'));
    await loadContent(flowSplit, 'texture');
    expect(requested).toEqual(['hair-scalp']);
    await loadAllContent(flowSplit);
    expect(requested.sort()).toEqual(['hair-scalp', 'lifestyle', 'preferences', 'treatments']);
    for (const step of whole.steps) expect(byName(flowSplit, step.name)).toEqual(byName(whole, step.name));
  });

  it("every word of a step travels with the texts: option cases' tips, group headings, matrix rows, ranking sentences", async () => {
    for (const path of [haircarePath, skincarePath]) {
      const { whole, split: flowSplit } = split(path);
      // What stays in the logic is what a first screen needs before any step's texts (the progress tracker's section
      // names, the flow's title), the exit modal (the question sets' copies of the flow keep it) and the derived
      // fields' error messages: any other sentence is a word a step shows.
      const kept = /^(title|sections\.\d+\.(label|shortLabel)|exitModal\..+|derived\.\d+\.terms\.\d+\.unknown)$/;
      const sentences: string[] = [];
      const walk = (value: unknown, at: string) => {
        if (typeof value === 'string' && /\s/.test(value) && !kept.test(at)) sentences.push(`${at}: ${value}`);
        else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) walk(item, at ? `${at}.${key}` : key);
      };
      walk(flowSplit, '');
      expect(sentences, path).toEqual([]);
      await loadAllContent(flowSplit);
      expect(flowSplit.steps, path).toEqual(whole.steps);
    }
    const hairStyle = flow(haircarePath).steps.find((s) => s.name === 'hair-style') as { optionCases: { tip?: { title: string } }[] };
    expect(hairStyle.optionCases[0]!.tip?.title).toBe('Why we ask:'); // words there were, so the walk above can find them
  });

  it('the sign-in step, which a variant places, is in the section it shows in by default, so its words are not in the first section (where a first visit lands)', () => {
    const shownIn = (path: string, variant?: string) =>
      createFlowRuntime(flow(path), anonymousEnvironment(), variant ? { variants: { 'signin-placement': variant } } : {}).steps.find((s) => s.name === 'signin')
        ?.section;
    for (const [path, first, byDefault] of [
      [haircarePath, 'hair-scalp', 'preferences'],
      [skincarePath, 'lifestyle', 'my-skin'],
    ] as const) {
      expect(flow(path).steps.find((s) => s.name === 'signin')!.section).toBe(byDefault);
      expect(shownIn(path)).toBe(byDefault);
      expect(shownIn(path, 'first')).toBe(first); // another option shows it where its placement says
      const { chunks } = split(path);
      expect(Object.keys(chunks[first]!)).not.toContain('signin');
      expect(Object.keys(chunks[byDefault]!)).toContain('signin');
    }
  });

  it('words reach the steps a runtime moved for a variant (the sign-in step placed before the first private question)', async () => {
    const { whole, split: flowSplit } = split();
    const runtime = createFlowRuntime(flowSplit, anonymousEnvironment());
    const placed = runtime.steps.find((s) => s.name === 'signin')!;
    expect(flowSplit.steps.find((s) => s.name === 'signin')).not.toBe(placed); // a copy, with its own section
    expect('title' in placed && placed.title).toBeFalsy();
    await loadAllContent(flowSplit);
    const original = whole.steps.find((s) => s.name === 'signin') as { title: string };
    expect((placed as { title?: string }).title).toBe(original.title);
  });

  it("a landing page's texts hold its step's words and the next ones', a fraction of its section's (issue 25: a step page ≤ 120 KB)", () => {
    const { whole, chunks } = split();
    const landings = landingChunks(whole, chunks);
    // The first question: its words and the next question's (shown whatever the answers), not the rest of its section.
    expect(Object.keys(landings.length!)).toEqual(['length', 'texture']);
    expect(landings.length!.length).toEqual(chunks['hair-scalp']!.length);
    const size = (value: unknown) => gzipSync(JSON.stringify(value)).length;
    expect(size(landings.length)).toBeLessThan(size(chunks['hair-scalp']) / 2);
    // The welcome's variants share its route, so its page's texts hold each of them, and the first question after.
    expect(Object.keys(landings.welcome!)).toEqual(expect.arrayContaining(['welcome', 'welcome-supplements', 'welcome-styling-gel', 'length']));
    expect(landings['welcome-supplements']).toBeUndefined();
    // Steps a rule may skip are followed up to the first one shown whatever the answers (porosity, split-ends: then gray).
    expect(Object.keys(landings.density!)).toEqual(['density', 'porosity', 'split-ends', 'gray']);
    // One landing chunk per route, each step's route in one of them.
    expect(Object.keys(landings)).toHaveLength(new Set(whole.steps.map((s) => s.route)).size);
  });

  it('the landing texts make their steps ready at once; any other step still loads its section', async () => {
    const { whole, split: flowSplit, chunks, requested } = split();
    addContent(flowSplit, structuredClone(landingChunks(whole, chunks).length!));
    expect(contentReady(flowSplit, 'length')).toBe(true);
    expect(contentReady(flowSplit, 'texture')).toBe(true);
    expect(contentReady(flowSplit, 'type')).toBe(false);
    await loadContent(flowSplit, 'texture');
    expect(requested).toEqual([]);
    const byName = (f: CompiledFlow, name: string) => f.steps.find((s) => s.name === name);
    expect(byName(flowSplit, 'texture')).toEqual(byName(whole, 'texture'));
    await loadContent(flowSplit, 'type');
    expect(requested).toEqual(['hair-scalp']);
    expect(contentReady(flowSplit)).toBe(false);
    await loadAllContent(flowSplit);
    for (const step of whole.steps) expect(byName(flowSplit, step.name)).toEqual(byName(whole, step.name));
  });

  it('a flow loaded whole is always ready', async () => {
    const whole = flow(haircarePath);
    expect(contentReady(whole, 'length')).toBe(true);
    await expect(loadContent(whole, 'length')).resolves.toBeUndefined();
  });

  it('the browser payload leaves out what only editors read (variant and question-set descriptions)', () => {
    const shipped = JSON.parse(serializeFlow(flow(haircarePath))) as CompiledFlow;
    expect(shipped.variants['hair-loss-questions']!.description).toBeUndefined();
    expect(shipped.questionSets!.supplements!.description).toBeUndefined();
    expect(shipped.steps.find((s) => s.name === 'length') && 'options' in shipped.steps.find((s) => s.name === 'length')!).toBe(true);
    const length = shipped.steps.find((s) => s.name === 'length') as { options: { description?: string }[] };
    expect(length.options[0]!.description).toBe('Pixie or buzz cut');
  });
});
