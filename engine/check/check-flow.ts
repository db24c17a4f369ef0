import type { RawIssue } from '../issues/flow-issue.ts';
import { didYouMean } from '../issues/did-you-mean.ts';
import type { Rule, Scalar } from '../schema/predicate-schema.ts';
import type { FlowDefinition } from '../schema/flow-schema.ts';
import { flowKindsOf } from '../schema/steps/index.ts';
import type { CompiledFlow } from '../compile/compiled-flow.ts';
import { allOptions, fieldModel, type FieldInfo } from '../compile/field-model.ts';
import { forEachTest } from '../rules/normalize-rule.ts';
import { contextKey } from './context-keys.ts';
import { isListKind } from '../schema/step-shapes.ts';
import { mutuallyExclusive, unreachableSteps } from './reachability.ts';

type Path = (string | number)[];

const listOps = new Set(['includes', 'includesAny', 'includesAll', 'excludes']);
const scalarOps = new Set(['in', 'notIn', 'gt', 'gte', 'lt', 'lte']);
const show = (v: Scalar) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Cross-reference checks on a flow whose shape is valid. Every problem is collected; nothing throws. */
export function checkFlow(definition: FlowDefinition, flow: CompiledFlow, rules: ReadonlyMap<string, Rule>, functions: ReadonlySet<string>): RawIssue[] {
  const issues: RawIssue[] = [];
  const fields = fieldModel([flow]);
  const declared = definition.context ?? {};
  const stepNames = flow.steps.map((s) => s.name);
  const sectionIds = flow.sections.map((s) => s.id);

  // Names and routes are unique.
  const seenNames = new Map<string, number>();
  const seenRoutes = new Map<string, number[]>();
  flow.steps.forEach((step, i) => {
    const firstName = seenNames.get(step.name);
    if (firstName !== undefined) issues.push({ code: 'duplicate_step_name', path: ['steps', i, 'name'], data: { found: step.name, first: firstName + 1 } });
    else seenNames.set(step.name, i);
    // Steps may share a route only when their rules can never hold together (the readings of one screen).
    const sharing = seenRoutes.get(step.route) ?? [];
    const clash = sharing.find((j) => !mutuallyExclusive(flow.steps[j]!.when, step.when, flow, fields, declared));
    if (clash !== undefined) {
      issues.push({
        code: 'duplicate_route',
        path: ['steps', i, 'route'],
        data: { found: step.route, step: step.name, other: flow.steps[clash]!.name, first: clash + 1 },
      });
    }
    seenRoutes.set(step.route, [...sharing, i]);
  });

  flow.steps.forEach((step, i) => {
    const path: Path = ['steps', i];
    // Sections exist.
    if (definition.steps[i]!.section !== undefined && !sectionIds.includes(step.section)) {
      issues.push({
        code: 'unknown_section',
        path: [...path, 'section'],
        data: { step: step.name, found: step.section, expected: sectionIds, suggestion: didYouMean(step.section, sectionIds) },
      });
    }
    // A family limited to some flow kinds (the checkout's, which need its cart and its order): no other kind can run them.
    const onlyFor = flowKindsOf(step.kind);
    if (onlyFor && !onlyFor.includes(flow.kind)) {
      issues.push({ code: 'kind_not_for_flow', path: [...path, 'kind'], data: { found: step.kind, detail: flow.kind, expected: [...onlyFor] } });
    }
    // A rating clears real fields (spec 002 §4.4: the product's follow-ups).
    if (step.kind === 'rating') {
      const others = flow.steps.filter((s) => s !== step).flatMap((s) => s.answerFields);
      step.clears?.forEach((field, k) => {
        if (others.includes(field)) return;
        issues.push({ code: 'unknown_field', path: [...path, 'clears', k], data: { found: field, suggestion: didYouMean(field, others) } });
      });
    }
    if (!('options' in step)) return;
    const options = allOptions(step);
    // A choice step writes something.
    if (!step.field && step.kind !== 'matrix' && !options.some((o) => o.field || o.writes)) {
      issues.push({ code: 'missing_field', path, data: { step: step.name } });
    }
    // Exclusive options only make sense where several can be picked.
    if (!isListKind(step.kind)) {
      step.options.forEach((o, j) => {
        if (o.exclusive)
          issues.push({
            code: 'exclusive_in_single',
            path: [...path, 'options', j, 'exclusive'],
            atKey: true,
            data: { found: String(o.value), step: step.name },
          });
      });
    }
    // Option values are unique within a list.
    const seen = new Set<string>();
    step.options.forEach((o, j) => {
      const key = JSON.stringify(o.value);
      if (seen.has(key)) issues.push({ code: 'duplicate_option', path: [...path, 'options', j, 'value'], data: { found: String(o.value), step: step.name } });
      seen.add(key);
    });
    // The follow-up opens on real options.
    const values = options.map((o) => o.value);
    step.followUp?.on.forEach((v, j) => {
      if (!values.includes(v)) {
        issues.push({
          code: 'unknown_option_value',
          path: [...path, 'followUp', 'on', j],
          data: { found: String(v), field: step.field ?? step.name, expected: values.map(String), suggestion: didYouMean(String(v), values.map(String)) },
        });
      }
    });
  });

  // A field is one value everywhere or a list everywhere.
  const shapes = new Map<string, { shape: string; step: string }>();
  for (const step of flow.steps) {
    if (!('options' in step) || !step.field) continue;
    const shape = isListKind(step.kind) ? 'a list' : 'one value';
    const known = shapes.get(step.field);
    if (known && known.shape !== shape) {
      issues.push({
        code: 'conflicting_field',
        path: ['steps', flow.steps.indexOf(step), 'field'],
        data: { found: step.field, step: step.name, type: shape, other: known.step, otherType: known.shape },
      });
    } else shapes.set(step.field, { shape, step: step.name });
  }

  // Placements point at real variants, options and steps.
  flow.steps.forEach((step, i) => {
    const placement = step.placement;
    if (!placement) return;
    const variant = flow.variants[placement.variant];
    const path: Path = ['steps', i, 'placement'];
    if (!variant) {
      const names = Object.keys(flow.variants);
      issues.push({
        code: 'unknown_variant',
        path: [...path, 'variant'],
        data: { found: placement.variant, expected: names, suggestion: didYouMean(placement.variant, names) },
      });
      return;
    }
    for (const [option, at] of Object.entries(placement.at)) {
      if (!variant.options.includes(option)) {
        issues.push({
          code: 'unknown_variant_option',
          path: [...path, 'at', option],
          atKey: true,
          data: { found: option, variant: placement.variant, expected: variant.options, suggestion: didYouMean(option, variant.options) },
        });
      }
      for (const key of ['before', 'after'] as const) {
        const target = at[key];
        if (target && !stepNames.includes(target)) {
          issues.push({
            code: 'unknown_step',
            path: [...path, 'at', option, key],
            data: { found: target, expected: stepNames, suggestion: didYouMean(target, stepNames) },
          });
        }
      }
      if (at.section && at.section !== 'last' && !sectionIds.includes(at.section)) {
        issues.push({
          code: 'unknown_section',
          path: [...path, 'at', option, 'section'],
          data: { step: step.name, found: at.section, expected: [...sectionIds, 'last'], suggestion: didYouMean(at.section, sectionIds) },
        });
      }
    }
  });

  // Question sets list real steps, once each.
  for (const [name, set] of Object.entries(definition.questionSets ?? {})) {
    set.steps.forEach((stepName, k) => {
      const path: Path = ['questionSets', name, 'steps', k];
      if (!stepNames.includes(stepName))
        issues.push({ code: 'unknown_step', path, data: { found: stepName, expected: stepNames, suggestion: didYouMean(stepName, stepNames) } });
      else if (set.steps.indexOf(stepName) !== k)
        issues.push({ code: 'repeated_step', path, data: { found: stepName, first: set.steps.indexOf(stepName) + 1 } });
    });
  }

  // Variants choose among their own options.
  for (const [name, variant] of Object.entries(definition.variants ?? {})) {
    const check = (value: string, path: Path) => {
      if (!variant.options.includes(value))
        issues.push({
          code: 'unknown_variant_option',
          path,
          data: { found: value, variant: name, expected: variant.options, suggestion: didYouMean(value, variant.options) },
        });
    };
    check(variant.default, ['variants', name, 'default']);
    variant.choose?.forEach((c, k) => check(c.use, ['variants', name, 'choose', k, 'use']));
  }

  // Derived fields read real fields, with real values.
  flow.derived.forEach((derived, d) => {
    derived.terms.forEach((term, t) => {
      const field = fields.get(term.from);
      const path: Path = ['derived', d, 'terms', t];
      if (!field) {
        const names = [...fields.keys()];
        issues.push({ code: 'unknown_field', path: [...path, 'from'], data: { found: term.from, suggestion: didYouMean(term.from, names) } });
        return;
      }
      for (const value of Object.keys(term.values)) {
        const known = field.values?.map(String);
        if (known && !known.includes(value)) {
          issues.push({
            code: 'unknown_option_value',
            path: [...path, 'values', value],
            atKey: true,
            data: { found: value, field: term.from, expected: known, suggestion: didYouMean(value, known) },
          });
        }
      }
    });
  });

  // Rules name real fields and real values.
  for (const rule of rules.values()) issues.push(...checkRule(rule, flow, fields, declared, functions));

  if (issues.length === 0) {
    for (const i of unreachableSteps(flow, fields, declared)) {
      issues.push({ code: 'unreachable_step', path: ['steps', i, 'when'], atKey: true, data: { step: flow.steps[i]!.name } });
    }
  }
  return issues;
}

function checkRule(
  rule: Rule,
  flow: CompiledFlow,
  fields: Map<string, FieldInfo>,
  declared: Record<string, { values?: Scalar[] }>,
  functions: ReadonlySet<string>,
): RawIssue[] {
  const issues: RawIssue[] = [];
  const visitFns = (r: Rule, path: Path) => {
    if (r.kind === 'fn' && !functions.has(r.name)) {
      issues.push({
        code: 'unknown_function',
        path: r.path ?? path,
        data: { found: r.name, expected: [...functions], suggestion: didYouMean(r.name, functions) },
      });
    }
    if (r.kind === 'all' || r.kind === 'any') r.of.forEach((x) => visitFns(x, path));
    if (r.kind === 'not') visitFns(r.of, path);
  };
  forEachTest(rule, (test) => {
    const field = fields.get(test.key);
    const context = field ? undefined : contextKey(flow, declared, test.key);
    const keyPath = test.path ?? [];
    if (!field && !context) {
      const candidates = [...fields.keys(), ...Object.keys(declared), 'session', 'user.hasNames', ...Object.keys(flow.variants).map((v) => `variant.${v}`)];
      issues.push({ code: 'unknown_field', path: keyPath, atKey: true, data: { found: test.key, suggestion: didYouMean(test.key, candidates) } });
      return;
    }
    const opPath = test.op === 'equals' && keyPath[keyPath.length - 1] === test.key ? keyPath : [...keyPath, test.op];
    if (field?.shape === 'list' && (test.op === 'equals' || test.op === 'notEquals' || scalarOps.has(test.op))) {
      issues.push({
        code: 'invalid_rule',
        path: opPath,
        data: { detail: `"${test.key}" holds a list of answers: use includes, includesAny, includesAll or excludes` },
      });
      return;
    }
    if (field?.shape === 'one' && listOps.has(test.op)) {
      issues.push({ code: 'invalid_rule', path: opPath, data: { detail: `"${test.key}" holds one answer: use equals, notEquals, in or notIn` } });
      return;
    }
    const domain = field ? field.values : context?.values;
    if (!domain || test.op === 'answered' || (typeof test.value === 'number' && ['gt', 'gte', 'lt', 'lte'].includes(test.op))) return;
    const literals = Array.isArray(test.value) ? test.value : [test.value];
    literals.forEach((value, k) => {
      if (value === null || domain.some((d) => d === value)) return;
      const expected = domain.map(show);
      const at = Array.isArray(test.value) ? [...opPath, k] : opPath;
      issues.push({
        code: field ? 'unknown_option_value' : 'unknown_context_value',
        path: at,
        data: { found: show(value), field: test.key, expected, suggestion: didYouMean(show(value), expected) },
      });
    });
  });
  visitFns(rule, []);
  return issues;
}
