import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { routePreloadTable, routePreloadsPlugin, type BuiltChunk } from '../../scripts/route-preloads-plugin';
import { preloadGroups } from '../../server/http/route-preloads';

const root = '/shop';
const chunk = (fileName: string, modules: string[], imports: string[] = [], css: string[] = [], isEntry = false): BuiltChunk => ({
  type: 'chunk',
  fileName,
  isEntry,
  facadeModuleId: `${root}/${modules[0]}`,
  moduleIds: modules.map((id) => `${root}/${id}`),
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const chunks = [
  chunk('assets/index-1.js', ['index.html', 'app/main.tsx'], ['assets/framework-2.js'], ['assets/index-1.css'], true),
  chunk('assets/framework-2.js', ['node_modules/react/index.js']),
  chunk(
    'assets/flow-page-3.js',
    ['app/consultation/consultation-flow-page.tsx', 'app/consultation/flow-runner.tsx'],
    ['assets/framework-2.js', 'assets/index-1.js'],
    ['assets/flow-page-3.css'],
  ),
  chunk('assets/results-4.js', ['app/consultation/consultation-results.tsx'], ['assets/flow-page-3.js'], ['assets/results-4.css']),
  chunk('assets/haircare-5.js', ['flows/consultation/haircare.yaml?split']),
  chunk('assets/haircare-6.js', ['flows/consultation/haircare.yaml?content=hair-scalp']),
  // A route's landing texts: emitted on their own, so an entry to the bundler, but not one a page starts from.
  chunk('assets/haircare-length-7.js', ['flows/consultation/haircare.yaml?landing=length'], [], [], true),
  // Another kind's flow of the same category (the haircare feedback), after the consultation's in the graph.
  chunk('assets/haircare-8.js', ['flows/feedback/haircare.yaml?split']),
  chunk('assets/haircare-9.js', ['flows/feedback/haircare.yaml?content=overall']),
];

describe('the route preload table, made at build time from the module graph (issue 11)', () => {
  it('gives each group its files, with what they import and their styles, but not what index.html already loads', () => {
    const table = routePreloadTable(chunks, root, {
      page: ['app/consultation/consultation-flow-page.tsx'],
      results: ['app/consultation/consultation-results.tsx'],
    });
    expect(table.page).toEqual({ js: ['assets/flow-page-3.js', 'assets/framework-2.js'], css: ['assets/flow-page-3.css'] });
    expect(table.results).toEqual({
      js: ['assets/results-4.js', 'assets/flow-page-3.js', 'assets/framework-2.js'],
      css: ['assets/results-4.css', 'assets/flow-page-3.css'],
    });
  });

  it('finds a module merged into another chunk (no manifest entry of its own) by the chunk that holds it', () => {
    expect(routePreloadTable(chunks, root, { runner: ['app/consultation/flow-runner.tsx'] }).runner!.js[0]).toBe('assets/flow-page-3.js');
  });

  it("names every flow loaded split, each of its sections and its routes' landing texts, from the graph", () => {
    const table = routePreloadTable(chunks, root, {});
    expect(table['flow:haircare']).toEqual({ js: ['assets/haircare-5.js'], css: [] });
    expect(table['flow:haircare/hair-scalp']).toEqual({ js: ['assets/haircare-6.js'], css: [] });
    expect(table['flow:haircare#length']).toEqual({ js: ['assets/haircare-length-7.js'], css: [] });
  });

  it('a flow of another kind keeps its folder in its name, so a consultation page never preloads the feedback flow of its category', () => {
    const table = routePreloadTable(chunks, root, {});
    expect(table['flow:haircare']).toEqual({ js: ['assets/haircare-5.js'], css: [] });
    expect(table['flow:feedback/haircare']).toEqual({ js: ['assets/haircare-8.js'], css: [] });
    expect(table['flow:feedback/haircare/overall']).toEqual({ js: ['assets/haircare-9.js'], css: [] });
  });

  it('refuses a group naming a module the build lacks (a rename), one the entry already loads, and a group the server reads but no one declares', () => {
    expect(() => routePreloadTable(chunks, root, { results: ['app/consultation/consultation-result.tsx'] })).toThrowErrorMatchingInlineSnapshot(`
      [Error: Route preloads:
        "results" names app/consultation/consultation-result.tsx, which is not in the build (renamed, moved, or no longer imported?)]
    `);
    expect(() => routePreloadTable(chunks, root, { page: ['app/main.tsx'] })).toThrow('"page" names app/main.tsx, which loads with the entry');
    expect(() => routePreloadTable(chunks, root, {}, [preloadGroups.results])).toThrow(
      `the server preloads "${preloadGroups.results}", which this build does not produce`,
    );
  });

  describe('in a real build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-preloads-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/src/main.js"></script>');
    writeFileSync(path.join(dir, 'src', 'main.js'), 'import("./page.js").then((m) => m.draw());');
    writeFileSync(path.join(dir, 'src', 'page.js'), 'import "./page.css"; import { word } from "./words.js"; export const draw = () => console.log(word);');
    writeFileSync(path.join(dir, 'src', 'words.js'), 'export const word = "hello";');
    writeFileSync(path.join(dir, 'src', 'page.css'), '.page { color: teal }');
    const built = (groups: Record<string, string[]>) =>
      build({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        plugins: [routePreloadsPlugin(groups, ['page'])],
        build: { outDir: 'dist', emptyOutDir: true },
      });

    it('writes dist/.vite/route-preloads.json with the hashed files', async () => {
      await built({ page: ['src/page.js'] });
      const table = JSON.parse(readFileSync(path.join(dir, 'dist', '.vite', 'route-preloads.json'), 'utf8')) as Record<string, { js: string[]; css: string[] }>;
      expect(table.page!.js).toEqual([expect.stringMatching(/^assets\/page-[\w-]+\.js$/)]);
      expect(table.page!.css).toEqual([expect.stringMatching(/^assets\/page-[\w-]+\.css$/)]);
    }, 60_000);

    it('fails the build when a group names a module that is not there', async () => {
      await expect(built({ page: ['src/pages.js'] })).rejects.toThrow('"page" names src/pages.js, which is not in the build');
    }, 60_000);
  });
});
