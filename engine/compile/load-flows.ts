import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FlowIssue } from '../issues/flow-issue.ts';
import { compileFlowSource, formatIssues, type CompileResult } from './compile-source.ts';
import type { ReadFlowFile } from './expand-includes.ts';

/** Reads fragments relative to a root directory. */
export function readFromRoot(root: string): ReadFlowFile {
  return (file) => {
    try {
      return readFileSync(path.resolve(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
}

/** Whether a file is a fragment (under a fragments/ folder) rather than a flow. */
export const isFragmentFile = (file: string) => file.split(/[\\/]/).includes('fragments');
import type { CompiledFlow } from './compiled-flow.ts';

/** Compiles one flow file from disk (node only). */
export function loadFlowFile(file: string, root = process.cwd()): CompileResult {
  const relative = (path.relative(root, file) || file).split(path.sep).join('/');
  return compileFlowSource(readFileSync(file, 'utf8'), relative, { readFile: readFromRoot(root) });
}

/** Every flow file under a directory: consultation/*.yaml, feedback/*.yaml, ... */
export function flowFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'fragments') walk(full);
      } else if (/\.ya?ml$/.test(name)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/**
 * Compiles every flow under a directory (node only); the server serves and validates against these.
 * @example const { flows, problems } = loadFlowDirectory('flows');
 */
export function loadFlowDirectory(dir: string, root = process.cwd()): { flows: CompiledFlow[]; problems: string[]; issues: FlowIssue[] } {
  const flows: CompiledFlow[] = [];
  const problems: string[] = [];
  const issues: FlowIssue[] = [];
  for (const file of flowFiles(dir)) {
    const result = loadFlowFile(file, root);
    if (result.flow) flows.push(result.flow);
    issues.push(...result.issues);
    problems.push(...formatIssues(result));
  }
  return { flows, problems, issues };
}
