/**
 * The `flows` command for editors and CI.
 *   flows check [files...]   check flows (default: every flow under flows/); exit 1 on any problem
 *   flows graph <file>       print the flow's steps and rules as a Mermaid flowchart
 *   flows schema             write flows/flow.schema.json from the zod schema
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowFiles, loadFlowFile } from '../compile/load-flows.ts';
import { formatIssue } from '../issues/format-issue.ts';
import { flowGraph } from '../compile/flow-graph.ts';
import { flowJsonSchema } from '../schema/json-schema.ts';

const root = process.cwd();
const [command = 'check', ...args] = process.argv.slice(2);

function check(files: string[]): number {
  const targets = files.length > 0 ? files : flowFiles(path.join(root, 'flows'));
  let problems = 0;
  for (const file of targets) {
    const result = loadFlowFile(path.resolve(file), root);
    for (const issue of result.issues) {
      console.error(`${formatIssue(issue, result.source.text)}\n`);
    }
    problems += result.issues.length;
    if (result.issues.length === 0) console.log(`ok  ${path.relative(root, path.resolve(file))} (${result.flow!.steps.length} steps)`);
  }
  if (problems > 0) console.error(`${problems} problem${problems === 1 ? '' : 's'} found.`);
  return problems > 0 ? 1 : 0;
}

function graph(file: string | undefined): number {
  if (!file) {
    console.error('usage: flows graph <file.yaml>');
    return 2;
  }
  const result = loadFlowFile(path.resolve(file), root);
  if (!result.flow) {
    result.issues.forEach((i) => console.error(`${formatIssue(i, result.source.text)}\n`));
    return 1;
  }
  console.log(flowGraph(result.flow));
  return 0;
}

function schema(): number {
  const target = path.join(root, 'flows', 'flow.schema.json');
  const text = `${JSON.stringify(flowJsonSchema(), null, 2)}\n`;
  const current = (() => {
    try {
      return readFileSync(target, 'utf8');
    } catch {
      return '';
    }
  })();
  if (args.includes('--check')) {
    if (current !== text) {
      console.error('flows/flow.schema.json is out of date: run `npm run flows:schema`.');
      return 1;
    }
    return 0;
  }
  writeFileSync(target, text);
  console.log(`wrote ${path.relative(root, target)}`);
  return 0;
}

const commands: Record<string, () => number> = { check: () => check(args), graph: () => graph(args[0]), schema };
const run = commands[command];
if (!run) {
  console.error(`unknown command "${command}"; use check, graph or schema`);
  process.exit(2);
}
process.exit(run());
