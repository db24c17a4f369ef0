import type { Rule } from '../schema/predicate-schema.ts';
import type { CompiledFlow } from './compiled-flow.ts';
import { defaultVariants } from '../runtime/select-variants.ts';
import { orderSteps } from '../runtime/order-steps.ts';

/** A rule in one line of plain text, for graphs and logs. */
export function describeRule(rule: Rule): string {
  switch (rule.kind) {
    case 'all':
      return rule.of.map(describeRule).join(' and ');
    case 'any':
      return `(${rule.of.map(describeRule).join(' or ')})`;
    case 'not':
      return `not (${describeRule(rule.of)})`;
    case 'fn':
      return `${rule.name}()`;
    case 'test':
      return `${rule.key} ${rule.op} ${JSON.stringify(rule.value)}`;
  }
}

/**
 * The flow as a Mermaid flowchart (default variants): every step in order; a dashed edge skips a
 * step whose rule may not hold, labelled with that rule.
 */
export function flowGraph(flow: CompiledFlow): string {
  const steps = orderSteps(flow, defaultVariants(flow));
  const id = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');
  const esc = (text: string) => text.replace(/"/g, "'");
  const lines = ['flowchart TD'];
  for (const step of steps) {
    const label = `${step.name}<br/><small>${step.kind}${step.public ? ', public' : ''}${'field' in step && step.field ? `, ${step.field}` : ''}</small>`;
    lines.push(`  ${id(step.name)}["${esc(label)}"]`);
  }
  lines.push(`  results(["results: ${flow.routes.results}"])`);
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    if (!next) {
      lines.push(`  ${id(step.name)} --> results`);
      return;
    }
    lines.push(`  ${id(step.name)} --> ${id(next.name)}`);
  });
  // Skips: from the step before a conditional step to the one after it.
  steps.forEach((step, i) => {
    if (!step.when || i === 0) return;
    const after = steps[i + 1];
    lines.push(`  ${id(steps[i - 1]!.name)} -. "${esc(`unless ${describeRule(step.when)}`)}" .-> ${after ? id(after.name) : 'results'}`);
  });
  return lines.join('\n');
}
