import path from 'node:path';
import type { Plugin } from 'vite';
import { compileFlowSource, formatIssues, type CompileResult } from '../compile/compile-source.ts';
import { readFromRoot } from '../compile/load-flows.ts';
import { serializeFlow } from '../compile/serialize-flow.ts';
import type { CompiledFlow } from '../compile/compiled-flow.ts';
import { packFlow } from '../runtime/compact-flow.ts';
import { splitFlowContent } from '../runtime/flow-content.ts';
import { landingChunks } from '../compile/landing-texts.ts';

const flowFile = /[\\/]flows[\\/].+\.ya?ml$/;
const contentModule = fileUrl(new URL('../runtime/flow-content.ts', import.meta.url));
const compactModule = fileUrl(new URL('../runtime/compact-flow.ts', import.meta.url));

function fileUrl(url: URL): string {
  return decodeURIComponent(url.pathname);
}

/** JSON.parse of a string literal is faster for the browser than an object literal of the same size. */
const jsonModule = (value: string) => `JSON.parse(${JSON.stringify(value)})`;
/** A flow's logic as the browser downloads it: packed (engine/runtime/compact-flow.ts), unpacked as the module loads. */
const flowModule = (flow: CompiledFlow) => `unpackFlow(${jsonModule(JSON.stringify(packFlow(flow)))})`;
const unpackImport = `import { unpackFlow } from ${JSON.stringify(compactModule)};`;

/**
 * Compiles `import flow from 'flows/consultation/haircare.yaml'` into the checked, compiled flow
 * at build time, so the browser ships no YAML parser. A broken flow fails the build (and shows in
 * the dev overlay) with every problem at file:line:column; an edited flow, or a fragment it
 * includes, hot-reloads in dev.
 *
 * `flows/….yaml?split` is the same flow with its words and pictures in one chunk per section
 * (`?content=<section>`), loaded on demand (engine/runtime/flow-content.ts). A build also writes, for each route, the
 * texts of its steps and of those that may follow (`?landing=<step>`, engine/compile/landing-texts.ts): no code imports
 * them; the server preloads the one of the page a first visit opens (server/http/route-preloads.ts), and the page
 * lays it on the flow (app/consultation/flow-registry.ts), so a first visit downloads the logic and that page's texts.
 */
export function flowsPlugin(): Plugin {
  let root = process.cwd();
  let build = false;
  const compile = (code: string, file: string, watch: (file: string) => void): CompileResult & { relative: string } => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const result = compileFlowSource(code, relative, { readFile: readFromRoot(root) });
    for (const fragment of result.fragments) watch(path.resolve(root, fragment.file));
    return { ...result, relative };
  };
  return {
    name: 'shop-flows',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      build = config.command === 'build';
    },
    transform(code, id) {
      const [file = '', query = ''] = id.split('?');
      if (!flowFile.test(file)) return null;
      const result = compile(code, file, (f) => this.addWatchFile(f));
      if (!result.flow) {
        const report = formatIssues(result).join('\n\n');
        const first = result.issues[0]?.location;
        const at = first ? path.resolve(root, first.file) : file;
        this.error({
          message: `The flow ${result.relative} has ${result.issues.length} problem(s):\n\n${report}`,
          id: file,
          ...(first ? { loc: { file: at, line: first.line, column: first.column - 1 } } : {}),
        });
      }
      const params = new URLSearchParams(query);
      const map = { mappings: '' };
      const flow = JSON.parse(serializeFlow(result.flow)) as CompiledFlow;
      if (!params.has('split') && !params.has('content') && !params.has('landing'))
        return { code: `${unpackImport}\nexport default ${flowModule(flow)};`, map };
      const { logic, chunks } = splitFlowContent(flow);
      const chunk = params.get('content');
      if (chunk !== null) return { code: `export default ${jsonModule(JSON.stringify(chunks[chunk] ?? {}))};`, map };
      const landings = landingChunks(flow, chunks);
      const landing = params.get('landing');
      if (landing !== null) return { code: `export default ${jsonModule(JSON.stringify(landings[landing] ?? {}))};`, map };
      // No code imports a landing chunk (the page imports the one the server marked), so the build emits each on its own.
      const flowName = path.basename(file).replace(/\.ya?ml$/, '');
      for (const key of build ? Object.keys(landings) : []) {
        this.emitFile({ type: 'chunk', id: `${file}?landing=${key}`, name: `${flowName}-${key}`, preserveSignature: 'strict' });
      }
      // Each step's texts are in the chunk of the section its file writes it in (withContent reads it off the logic).
      const loaders = Object.keys(chunks).map((name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(`${file}?content=${name}`)})`);
      return {
        code: [
          unpackImport,
          `import { withContent } from ${JSON.stringify(contentModule)};`,
          `export default withContent(${flowModule(logic)}, { ${loaders.join(', ')} });`,
        ].join('\n'),
        map,
      };
    },
  };
}
