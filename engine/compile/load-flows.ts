import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatIssue } from '../issues/format-issue.ts';
import type { FlowIssue } from '../issues/flow-issue.ts';
import { compileFlowSource, type CompileResult } from './compile-source.ts';
import type { CompiledFlow } from './compiled-flow.ts';

/** Compiles one flow file from disk (node only). */
export function loadFlowFile(file: string, root = process.cwd()): CompileResult {
  return compileFlowSource(readFileSync(file, 'utf8'), path.relative(root, file) || file);
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
    problems.push(...result.issues.map((i) => formatIssue(i, result.source.text)));
  }
  return { flows, problems, issues };
}
