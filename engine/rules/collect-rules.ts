import type { RawIssue } from '../issues/flow-issue.ts';
import type { Rule } from '../schema/predicate-schema.ts';
import { normalizeRule } from './normalize-rule.ts';

type Path = (string | number)[];

/** The keys whose value is a rule, wherever they appear in a flow. */
export const ruleKeys = new Set(['when', 'clearWhen']);

/** A rule's place in the document, as a lookup key. */
export const pathKey = (path: readonly (string | number)[]) => path.join('\u0001');

/** Finds and normalises every rule in a flow's raw data, so rule problems are reported even when the rest fails. */
export function collectRules(data: unknown): { rules: Map<string, Rule>; issues: RawIssue[] } {
  const rules = new Map<string, Rule>();
  const issues: RawIssue[] = [];
  const visit = (value: unknown, path: Path) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (ruleKeys.has(key)) {
          const result = normalizeRule(child, [...path, key]);
          issues.push(...result.issues);
          if (result.rule) rules.set(pathKey([...path, key]), result.rule);
        } else visit(child, [...path, key]);
      }
    }
  };
  visit(data, []);
  return { rules, issues };
}
