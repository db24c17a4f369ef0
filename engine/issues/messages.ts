import type { FlowIssueCode, IssueData } from './flow-issue.ts';

const q = (s: unknown) => `"${String(s)}"`;

/** The sentence that explains each problem to a content editor (en). */
export const issueMessages: { [C in FlowIssueCode]: (d: IssueData) => string } = {
  yaml_syntax: (d) => `The YAML cannot be read: ${d.detail}.`,
  invalid_type: (d) => `${d.what ?? 'This value'} has the wrong type.`,
  invalid_value: (d) => `${d.what ?? 'This value'} is not one of the accepted values.`,
  invalid_format: (d) => `${d.what ?? 'This value'} is not written as expected${d.detail ? `: ${d.detail}` : ''}.`,
  too_small: (d) => `${d.what ?? 'This list'} needs at least ${d.minimum} ${Number(d.minimum) === 1 ? 'entry' : 'entries'}.`,
  unknown_key: (d) => `${q(d.found)} is not a setting ${d.where ?? 'here'}.`,
  missing_key: (d) => `${d.where ?? 'This entry'} needs ${q(d.key)}.`,
  unknown_kind: (d) => `Step kind ${q(d.found)} does not exist.`,
  kind_not_for_flow: (d) => `Step kind ${q(d.found)} belongs in a ${(d.expected ?? ['checkout']).join(' or ')} flow, and this flow is a ${d.detail}.`,
  invalid_rule: (d) => `This rule cannot be read: ${d.detail}.`,
  unknown_operator: (d) => `${q(d.found)} is not a rule operator.`,
  unknown_field: (d) => `Rule names field ${q(d.found)}, which no step writes and no context declares.`,
  unknown_option_value: (d) => `${q(d.found)} is not an option of ${q(d.field)}.`,
  unknown_context_value: (d) => `${q(d.found)} is not a value ${q(d.field)} can take.`,
  duplicate_step_name: (d) => `Two steps are named ${q(d.found)}; the first is step ${d.first}.`,
  duplicate_route: (d) =>
    `Two steps use the route ${q(d.found)}: ${q(d.other)} (step ${d.first}) and ${q(d.step)}. Steps may share a route only when their rules can never both hold.`,
  duplicate_option: (d) => `The option value ${q(d.found)} appears twice in step ${q(d.step)}.`,
  unknown_section: (d) => `Step ${q(d.step)} is in section ${q(d.found)}, which is not declared under sections.`,
  unknown_step: (d) => `There is no step named ${q(d.found)}.`,
  unknown_option_set: (d) => `There is no option list named ${q(d.found)} under optionSets.`,
  unknown_variant: (d) => `There is no variant named ${q(d.found)} under variants.`,
  unknown_variant_option: (d) => `${q(d.found)} is not an option of variant ${q(d.variant)}.`,
  unknown_function: (d) => `No rule function named ${q(d.found)} is registered with the engine.`,
  unreachable_step: (d) => `Step ${q(d.step)} can never be shown: no answers to the steps before it make its rule hold.`,
  exclusive_in_single: (d) =>
    `Option ${q(d.found)} is marked exclusive, but step ${q(d.step)} is single-choice, where every option already excludes the others.`,
  missing_field: (d) => `Step ${q(d.step)} writes no answer: give it a field, or give every option a field.`,
  conflicting_field: (d) => `Field ${q(d.found)} is written by step ${q(d.step)} as ${d.type} but by step ${q(d.other)} as ${d.otherType}.`,
  include_not_found: (d) => `The included file ${q(d.found)} does not exist.`,
  not_a_fragment: (d) => `${q(d.found)} is not a fragment: a fragment file has a \`steps\` list of steps (and no includes of its own).`,
  repeated_step: (d) => `Step ${q(d.found)} is listed twice; the first time at position ${d.first}.`,
};
