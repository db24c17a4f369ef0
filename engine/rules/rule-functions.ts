import type { RuleFunctions } from './evaluate-rule.ts';

/**
 * Rules written in code, for the few conditions a table cannot say. A flow names one with
 * `when: { fn: name }`; the checker refuses names not listed here.
 */
export const ruleFunctions: RuleFunctions = {};
