import type { CompiledFlow } from '../compile/compiled-flow.ts';
import { allOptions } from '../compile/field-model.ts';

/** One question in the server's question-set shape (spec 000 §3.1). */
export interface QuestionSetQuestion {
  slug: string;
  title: string;
  excerpt: string | null;
  url_path: string;
  section: string;
  question_type: string;
  answer_type: 'str' | 'int' | 'bool';
  answers: { value: string | number; title: string; excerpt: string | null }[];
  /** A matrix question: the fields it answers, each one of `answers` (the skincare diet). */
  rows?: { field: string; title: string }[];
}

const questionKinds: Record<string, string> = {
  single: 'single_choice',
  boolean: 'single_choice',
  multi: 'multi_choice',
  goals: 'goals',
  fragrance: 'fragrance',
  'ranked-fragrance': 'fragrance',
  'routine-products': 'routine_products',
  textures: 'textures',
  matrix: 'matrix',
  zipcode: 'zipcode',
};

/**
 * The question sets served at /v1/question_sets, generated from the flows and keyed by category
 * (spec 000 §3.1): multi-select questions are `multi_choice`, integer answers `answer_type: int`,
 * yes/no answers the strings "True" and "False".
 */
export function questionSets(flows: readonly CompiledFlow[], category?: string): Record<string, QuestionSetQuestion[]> {
  const out: Record<string, QuestionSetQuestion[]> = {};
  for (const flow of flows) {
    if (flow.kind !== 'consultation' || (category && flow.category !== category)) continue;
    const list = (out[flow.category] ??= []);
    for (const step of flow.steps) {
      const type = questionKinds[step.kind];
      if (!type || list.some((q) => q.url_path === step.route)) continue;
      const options = allOptions(step).filter((o) => !o.retired);
      const unique = options.filter((o, i) => options.findIndex((p) => p.value === o.value) === i);
      const rows = step.kind === 'matrix' ? { rows: step.rows.map((r) => ({ field: r.field, title: r.label })) } : {};
      const ints = unique.length > 0 && unique.every((o) => Number.isInteger(o.value));
      list.push({
        slug: step.name,
        title: step.title ?? step.name,
        excerpt: step.subtitle ?? null,
        url_path: step.route,
        section: step.section,
        question_type: type,
        answer_type: ints ? 'int' : 'str',
        answers: unique.map((o) => ({
          value: typeof o.value === 'boolean' ? (o.value ? 'True' : 'False') : o.value,
          title: o.label,
          excerpt: o.description ?? null,
        })),
        ...rows,
      });
    }
  }
  return out;
}
