import path from 'node:path';
import type { Plugin } from 'vite';

/** What the server preloads for one named group: script files (each with the files it imports) and their stylesheets. */
export interface PreloadGroup {
  js: string[];
  css: string[];
}

/** The file the build writes (in dist/) and the server reads (server/http/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The part of a built chunk the table is made from (Rolldown's output chunk has these). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A flow loaded split (engine/vite/flows-plugin.ts): its logic, the texts of each of its sections, and each route's landing texts. */
const splitFlow = /[\\/]flows[\\/](?:.+[\\/])?([^\\/]+)\.ya?ml\?split$/;
const flowSection = /[\\/]flows[\\/](?:.+[\\/])?([^\\/]+)\.ya?ml\?content=([^&]+)$/;
const flowLanding = /[\\/]flows[\\/](?:.+[\\/])?([^\\/]+)\.ya?ml\?landing=([^&]+)$/;
/**
 * A split flow's name in the table: a consultation's is its file's name, the category the server's consultation
 * pages ask for (`haircare`); another kind's keeps its folder (`feedback/haircare`), so flows of one category never
 * share a name.
 */
function flowName(id: string, root: string): string {
  const file = path.relative(path.join(root, 'flows'), id.split('?')[0]!).split(path.sep).join('/');
  return file.replace(/\.ya?ml$/, '').replace(/^consultation\/(?=[^/]+$)/, '');
}

/**
 * The preload table of a build: each named group of modules (paths from the project root) as the files the browser
 * fetches for it, and for every flow loaded split (named by flowName), `flow:<name>` (its logic), `flow:<name>/<section>`
 * (the texts of a section) and `flow:<name>#<step>` (the landing texts of the route of that step, a chunk the build emits
 * on its own), found in the module graph. Throws, naming them, when a group names a module the build does not contain,
 * or one in the entry's own files (already loaded, nothing to preload); and when a group the server reads is missing.
 */
export function routePreloadTable(
  chunks: BuiltChunk[],
  root: string,
  groups: Record<string, string[]>,
  required: readonly string[] = [],
): Record<string, PreloadGroup> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = new Map<string, BuiltChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
  const entryFiles = new Set<string>();
  const closure = (chunk: BuiltChunk, into: Set<string>) => {
    if (into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, into);
    }
  };
  // A flow's landing texts are emitted as chunks of their own (entries to the bundler), but no page starts from them.
  const entries = chunks.filter((c) => c.isEntry && !flowLanding.test(c.facadeModuleId ?? ''));
  for (const entry of entries) closure(entry, entryFiles);
  // The entry's script and stylesheet are in index.html already; what the entry imports is not (it is found only once
  // the entry is parsed), so a group keeps it.
  const inPage = new Set([...entries.map((c) => c.fileName), ...entries.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])]);

  const group = (starts: BuiltChunk[]): PreloadGroup => {
    const files = new Set<string>();
    for (const chunk of starts) closure(chunk, files);
    const css = new Set<string>();
    for (const file of files) byFile.get(file)?.viteMetadata?.importedCss.forEach((sheet) => css.add(sheet));
    return { js: [...files].filter((f) => !inPage.has(f)), css: [...css].filter((f) => !inPage.has(f)) };
  };

  const table: Record<string, PreloadGroup> = {};
  const problems: string[] = [];
  for (const [name, modules] of Object.entries(groups)) {
    const starts: BuiltChunk[] = [];
    for (const module of modules) {
      const chunk = chunkOf.get(path.resolve(root, module));
      if (!chunk) problems.push(`"${name}" names ${module}, which is not in the build (renamed, moved, or no longer imported?)`);
      else if (entryFiles.has(chunk.fileName)) problems.push(`"${name}" names ${module}, which loads with the entry: there is nothing to preload`);
      else starts.push(chunk);
    }
    table[name] = group(starts);
  }
  for (const chunk of chunks) {
    const logic = chunk.facadeModuleId?.match(splitFlow);
    if (logic) table[`flow:${flowName(logic.input!, root)}`] = group([chunk]);
    const section = chunk.facadeModuleId?.match(flowSection);
    if (section) table[`flow:${flowName(section.input!, root)}/${section[2]}`] = group([chunk]);
    const landing = chunk.facadeModuleId?.match(flowLanding);
    if (landing) table[`flow:${flowName(landing.input!, root)}#${landing[2]}`] = group([chunk]);
  }
  for (const name of required) if (!table[name]) problems.push(`the server preloads "${name}", which this build does not produce`);
  if (problems.length) throw new Error(`Route preloads:\n  ${problems.join('\n  ')}`);
  return table;
}

/**
 * Writes dist/.vite/route-preloads.json: for each named group of lazily loaded modules, the files (and stylesheets) the
 * server preloads with a page that needs them, resolved through the build's module graph; a group naming a module that
 * is not there fails the build.
 */
export function routePreloadsPlugin(groups: Record<string, string[]>, required: readonly string[] = []): Plugin {
  let root = process.cwd();
  return {
    name: 'shop-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After every other plugin: Vite drops the chunks that held only CSS in its own generateBundle, and a table made
    // before would preload files that are not there (each a wasted request, answered 404).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is typeof item & BuiltChunk => item.type === 'chunk');
        let table: Record<string, PreloadGroup>;
        try {
          table = routePreloadTable(chunks, root, groups, required);
          const missing = Object.values(table).flatMap((g) => [...g.js, ...g.css].filter((file) => !(file in bundle)));
          if (missing.length) throw new Error(`Route preloads: files not in the build: ${[...new Set(missing)].join(', ')}`);
        } catch (error) {
          this.error((error as Error).message);
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
      },
    },
  };
}
