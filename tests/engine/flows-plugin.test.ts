import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { flowsPlugin } from '../../engine/vite/flows-plugin.ts';
import { unpackFlow, type PackedFlow } from '../../engine/runtime/compact-flow.ts';
import type { CompiledFlow } from '#engine';

const mini = readFileSync('tests/fixtures/flows/mini.yaml', 'utf8');

/** The flow a module the plugin wrote exports: `unpackFlow(JSON.parse("<packed flow>"))`, read without running it. */
function moduleFlow(code: string): CompiledFlow {
  const call = /unpackFlow\(JSON\.parse\(("(?:[^"\\]|\\.)*")\)\)/.exec(code);
  if (!call) throw new Error(`no packed flow in:\n${code}`);
  return unpackFlow(JSON.parse(JSON.parse(call[1]!) as string) as PackedFlow);
}

describe('the flows Vite plugin (issue 2: flows compiled at build time, hot-reloaded in dev)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-flows-'));
  mkdirSync(path.join(root, 'flows'));
  const file = path.join(root, 'flows', 'mini.yaml');
  writeFileSync(file, mini);
  let server: ViteDevServer | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const load = async () => {
    const result = await server!.transformRequest('/flows/mini.yaml');
    const code = result?.code ?? '';
    return { code, flow: moduleFlow(code) };
  };

  it('turns a flow file into its compiled flow: JSON only, no YAML parser, no source paths', async () => {
    server = await createServer({ root, configFile: false, logLevel: 'silent', plugins: [flowsPlugin()], server: { middlewareMode: true, hmr: false } });
    const { code, flow } = await load();
    expect(code).not.toContain('yaml');
    expect(flow.steps.map((s) => s.name)).toEqual(['length', 'texture', 'porosity', 'sports']);
    expect(code).not.toContain('"path"');
  });

  it('recompiles an edited flow', async () => {
    writeFileSync(file, mini.replace('name: sports', 'name: workouts'));
    server!.moduleGraph.onFileChange(file);
    const { flow } = await load();
    expect(flow.steps.map((s) => s.name)).toContain('workouts');
  });

  it('refuses a broken flow with every problem at file:line:column', async () => {
    writeFileSync(file, mini.replace('field: diag_hair_porosity', 'field: diag_hair_porosity\n    tilte: Porosity').replace('in: [type_3a]', 'in: [type_3z]'));
    server!.moduleGraph.onFileChange(file);
    const error = await server!.transformRequest('/flows/mini.yaml').catch((e: Error) => e);
    expect(error).toHaveProperty('message');
    const message = (error as Error).message;
    expect(message).toMatch(/flows\/mini\.yaml:\d+:\d+ {2}unknown_key/);
    expect(message).toContain('Did you mean "title"?');
    expect(message).toMatch(/flows\/mini\.yaml:\d+:\d+ {2}unknown_option_value/);
  });

  it('follows an included fragment: its edits reload the flow, its problems point into it', async () => {
    mkdirSync(path.join(root, 'flows', 'fragments'), { recursive: true });
    const fragment = path.join(root, 'flows', 'fragments', 'extra.yaml');
    const extra =
      'steps:\n  - name: sleep\n    kind: single\n    route: my-life/sleep\n    field: profile_sleep\n    title: Sleep\n    options:\n      - { value: short, label: Short }\n';
    writeFileSync(fragment, extra);
    writeFileSync(file, `${mini.trimEnd()}\n  - include: fragments/extra.yaml\n`);
    server!.moduleGraph.onFileChange(file);
    expect((await load()).flow.steps.map((s) => s.name)).toContain('sleep');
    writeFileSync(fragment, extra.replace('title: Sleep', 'title: How do you sleep?'));
    server!.moduleGraph.onFileChange(fragment);
    expect((await load()).flow.steps.find((s) => s.name === 'sleep')?.title).toBe('How do you sleep?');
    writeFileSync(fragment, extra.replace('kind: single', 'kind: singel'));
    server!.moduleGraph.onFileChange(fragment);
    const error = await server!.transformRequest('/flows/mini.yaml').catch((e: Error) => e);
    expect((error as Error).message).toMatch(/flows\/fragments\/extra\.yaml:3:11 {2}unknown_kind/);
  });

  it('serves a flow split into logic and one content chunk per section (?split, ?content=)', async () => {
    writeFileSync(file, mini);
    server!.moduleGraph.onFileChange(file);
    const logic = (await server!.transformRequest('/flows/mini.yaml?split'))?.code ?? '';
    expect(logic).toContain('withContent');
    expect(logic).toMatch(/mini\.yaml\?(import&)?content=hair/);
    expect(logic).not.toContain('Very short');
    const section = /content=([a-z-]+)/.exec(logic)![1]!;
    const content = (await server!.transformRequest(`/flows/mini.yaml?content=${section}`))?.code ?? '';
    expect(content).toContain('Very short');
    // A route's landing texts (a build emits one chunk per route; the server preloads the page's): its step and the next.
    const landing = (await server!.transformRequest('/flows/mini.yaml?landing=length'))?.code ?? '';
    expect(landing).toContain('Very short');
    expect(landing).toContain('Straight');
    expect(landing).not.toContain('sports');
  });
});
