/**
 * The `flows` command for editors and CI.
 *   flows check [files...]   check flows (default: every flow under flows/); exit 1 on any problem
 *   flows graph <file>       print the flow's steps and rules as a Mermaid flowchart
 *   flows schema             write flows/flow.schema.json from the zod schema
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowFiles, isFragmentFile, loadFlowFile } from '../compile/load-flows.ts';
import { formatIssues } from '../compile/compile-source.ts';
import { flowGraph } from '../compile/flow-graph.ts';
import { flowJsonSchema, fragmentJsonSchema } from '../schema/json-schema.ts';

const root = process.cwd();
const [command = 'check', ...args] = process.argv.slice(2);

function check(files: string[]): number {
  // A fragment is checked through the flows that include it.
  const all = flowFiles(path.join(root, 'flows'));
  const named = files.flatMap((f) => (isFragmentFile(f) ? all : [f]));
  const targets = files.length > 0 ? [...new Set(named.map((f) => path.resolve(f)))] : all;
  let problems = 0;
  const printed = new Set<string>();
  for (const file of targets) {
    const result = loadFlowFile(path.resolve(file), root);
    for (const text of formatIssues(result)) {
      // A fragment's own problem shows once, however many flows include it.
      if (printed.has(text)) continue;
      printed.add(text);
      problems += 1;
      console.error(`${text}\n`);
    }
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
    formatIssues(result).forEach((text) => console.error(`${text}\n`));
    return 1;
  }
  console.log(flowGraph(result.flow));
  return 0;
}

function schema(): number {
  const files = [
    { target: path.join(root, 'flows', 'flow.schema.json'), schema: flowJsonSchema() },
    { target: path.join(root, 'flows', 'fragment.schema.json'), schema: fragmentJsonSchema() },
  ];
  return Math.max(...files.map((f) => writeSchema(f.target, f.schema)));
}

function writeSchema(target: string, json: Record<string, unknown>): number {
  const text = `${JSON.stringify(json, null, 2)}\n`;
  const current = (() => {
    try {
      return readFileSync(target, 'utf8');
    } catch {
      return '';
    }
  })();
  if (args.includes('--check')) {
    if (current !== text) {
      console.error(`${path.relative(root, target)} is out of date: run \`npm run flows:schema\`.`);
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
