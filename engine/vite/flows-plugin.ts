import path from 'node:path';
import type { Plugin } from 'vite';
import { compileFlowSource } from '../compile/compile-source.ts';
import { formatIssue } from '../issues/format-issue.ts';
import { serializeFlow } from '../compile/serialize-flow.ts';

const flowFile = /[\\/]flows[\\/].+\.ya?ml$/;

/**
 * Compiles `import flow from 'flows/consultation/haircare.yaml'` into the checked, compiled flow
 * at build time, so the browser ships no YAML parser. A broken flow fails the build (and shows in
 * the dev overlay) with every problem at file:line:column; an edited flow hot-reloads in dev.
 */
export function flowsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'shop-flows',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!flowFile.test(file)) return null;
      const result = compileFlowSource(code, path.relative(root, file));
      if (!result.flow) {
        const report = result.issues.map((i) => formatIssue(i, code)).join('\n\n');
        const first = result.issues[0]?.location;
        this.error({ message: `The flow ${path.relative(root, file)} has ${result.issues.length} problem(s):\n\n${report}`, id: file, ...(first ? { loc: { file, line: first.line, column: first.column - 1 } } : {}) });
      }
      // JSON.parse of a string literal is faster for the browser than an object literal of the same size.
      return { code: `export default JSON.parse(${JSON.stringify(serializeFlow(result.flow))});`, map: { mappings: '' } };
    },
  };
}
