import { describe, expect, it } from 'vitest';
import { anonymousEnvironment, compileRule, deriveValue, derivedWrites, type Answers, type FlowEnvironment } from '#engine';
import { normalizeRule } from '../../engine/rules/normalize-rule.ts';
import type { RuleInput } from '../../engine/schema/predicate-schema.ts';

/** Evaluates a rule written as in YAML. */
function holds(rule: RuleInput, answers: Answers = {}, env: Partial<FlowEnvironment> = {}, variants: Record<string, string> = {}): boolean {
  const { rule: normalised, issues } = normalizeRule(rule, ['when']);
  if (!normalised) throw new Error(issues.map((i) => i.code).join(', '));
  return compileRule(normalised, { derived: [], contextKeys: new Set(['visit']) })({ answers, env: anonymousEnvironment(env), variants });
}

describe('the rule language (DESIGN.md "Flows")', () => {
  it('equals: `field: value` and `equals`', () => {
    expect(holds({ diag_hair_length: 'long' }, { diag_hair_length: 'long' })).toBe(true);
    expect(holds({ diag_hair_length: { equals: 'long' } }, { diag_hair_length: 'short' })).toBe(false);
    expect(holds({ diag_color_treatments: true }, { diag_color_treatments: false })).toBe(false);
    expect(holds({ diag_sensitivity_level: 2 }, { diag_sensitivity_level: 2 })).toBe(true);
  });
  it('notEquals counts an unanswered field as not equal', () => {
    expect(holds({ diag_hair_length: { notEquals: 'very_short' } }, {})).toBe(true);
    expect(holds({ diag_hair_length: { notEquals: 'very_short' } }, { diag_hair_length: 'very_short' })).toBe(false);
  });
  it('in and notIn', () => {
    expect(holds({ t: { in: ['a', 'b'] } }, { t: 'b' })).toBe(true);
    expect(holds({ t: { in: ['a', 'b'] } }, { t: 'c' })).toBe(false);
    expect(holds({ t: { in: ['a'] } }, {})).toBe(false);
    expect(holds({ t: { notIn: ['a'] } }, {})).toBe(true);
    expect(holds({ t: { notIn: ['a'] } }, { t: 'a' })).toBe(false);
  });
  it('includes, includesAny, includesAll and excludes read multi-select answers', () => {
    const answers = { s: ['straightener', 'shampoo'] };
    expect(holds({ s: { includes: 'shampoo' } }, answers)).toBe(true);
    expect(holds({ s: { includesAny: ['curling', 'straightener'] } }, answers)).toBe(true);
    expect(holds({ s: { includesAny: ['curling'] } }, answers)).toBe(false);
    expect(holds({ s: { includesAll: ['shampoo', 'straightener'] } }, answers)).toBe(true);
    expect(holds({ s: { includesAll: ['shampoo', 'curling'] } }, answers)).toBe(false);
    expect(holds({ s: { excludes: 'none' } }, answers)).toBe(true);
    expect(holds({ s: { excludes: 'shampoo' } }, answers)).toBe(false);
    expect(holds({ s: { excludes: 'none' } }, {})).toBe(true);
    expect(holds({ s: { includes: 'none' } }, {})).toBe(false);
  });
  it('answered', () => {
    expect(holds({ z: { answered: true } }, { z: '10001' })).toBe(true);
    expect(holds({ z: { answered: true } }, { z: [] })).toBe(false);
    expect(holds({ z: { answered: false } }, {})).toBe(true);
    expect(holds({ z: { answered: true } }, { z: null })).toBe(false);
  });
  it('comparisons on numbers', () => {
    expect(holds({ g: { gte: 2 } }, { g: 2 })).toBe(true);
    expect(holds({ g: { gt: 2 } }, { g: 2 })).toBe(false);
    expect(holds({ g: { lt: 3 } }, { g: 2 })).toBe(true);
    expect(holds({ g: { lte: 1 } }, { g: 2 })).toBe(false);
    expect(holds({ g: { gte: 0 } }, {})).toBe(false);
  });
  it('all, any, not, and several keys in one mapping (all must hold)', () => {
    const answers = { a: 1, b: 2 };
    expect(holds({ all: [{ a: 1 }, { b: 2 }] }, answers)).toBe(true);
    expect(holds({ all: [{ a: 1 }, { b: 3 }] }, answers)).toBe(false);
    expect(holds({ any: [{ a: 9 }, { b: 2 }] }, answers)).toBe(true);
    expect(holds({ not: { a: 1 } }, answers)).toBe(false);
    expect(holds({ a: 1, b: 3 }, answers)).toBe(false);
    expect(holds({ a: { gte: 1, lte: 1 } }, answers)).toBe(true);
  });
  it('reads the context: session, user, feature flags, query parameters, variants, order and declared context', () => {
    expect(holds({ session: 'authenticated' }, {}, { session: 'authenticated' })).toBe(true);
    expect(holds({ session: { notEquals: 'authenticated' } }, {}, { session: 'guest' })).toBe(true);
    expect(holds({ 'user.hasNames': false }, {}, { user: { hasNames: false } })).toBe(true);
    expect(holds({ 'flag.new_texture': true }, {}, { flags: { new_texture: true } })).toBe(true);
    expect(holds({ 'query.signin-first': { answered: true } }, {}, { query: { 'signin-first': '' } })).toBe(true); // present, even empty
    expect(holds({ 'query.signin-first': { answered: true } }, {}, { query: {} })).toBe(false);
    expect(holds({ 'query.signin-first': 'true' }, {}, { query: { 'signin-first': 'true' } })).toBe(true);
    expect(holds({ 'variant.welcome': 'plain' }, {}, {}, { welcome: 'plain' })).toBe(true);
    expect(holds({ 'order.products': { includes: 'shampoo' } }, {}, { order: { products: ['shampoo'] } })).toBe(true);
    expect(holds({ visit: 'returning' }, {}, { context: { visit: 'returning' } })).toBe(true);
  });
  it('refuses what it cannot read, saying why', () => {
    expect(normalizeRule({ t: ['a', 'b'] }, ['when']).issues[0]?.data.detail).toMatch(/in: \[\.\.\.\]/);
    expect(normalizeRule({ t: { inn: ['a'] } }, ['when']).issues[0]).toMatchObject({ code: 'unknown_operator', data: { suggestion: 'in' } });
    expect(normalizeRule({ t: { gt: 'x' } }, ['when']).issues[0]?.data.detail).toBe('"gt" takes a number');
    expect(normalizeRule({ all: [] }, ['when']).issues[0]?.code).toBe('invalid_rule');
    expect(normalizeRule('x', ['when']).issues[0]?.code).toBe('invalid_rule');
  });
});

describe('names like Object.prototype members (issue 10, defect 4)', () => {
  it('a field, query key or flag named "constructor" is unanswered until it is given', () => {
    expect(holds({ constructor: { answered: true } }, {})).toBe(false);
    expect(holds({ constructor: { answered: false } }, {})).toBe(true);
    expect(holds({ constructor: 'yes' }, { constructor: 'yes' })).toBe(true);
    expect(holds({ 'query.constructor': { answered: true } }, {})).toBe(false);
    expect(holds({ 'flag.toString': { answered: true } }, {})).toBe(false);
    expect(holds({ 'user.hasOwnProperty': { answered: true } }, {})).toBe(false);
  });
  it('a derived score reads only its own table: an answer "toString" or "constructor" scores nothing', () => {
    const sebum = { field: 'sebum', save: true, terms: [{ from: 'hair_type', values: { oily: 3, dry: 0 } }] };
    expect(deriveValue(sebum, { hair_type: 'oily' })).toBe(3);
    for (const value of ['toString', 'constructor', '__proto__', 'valueOf']) expect(deriveValue(sebum, { hair_type: value })).toBeUndefined();
    const byConstructor = { field: 'x', save: true, terms: [{ from: 'constructor', values: { a: 1 } }] };
    expect(deriveValue(byConstructor, {})).toBeUndefined();
    expect(derivedWrites([byConstructor], {}, { other: 'a' })).toEqual({});
  });
});
