import type { Question } from '#api';
import type { AnswerCheck, ProfileFlows } from '../../../server/profile/profile-flows';

interface FieldRule {
  category: string;
  /** Allowed values; a multi field takes a list of them; 'string' takes any short text. */
  values: readonly (string | number | boolean | null)[] | 'string';
  multi?: boolean;
}

/** A small answer catalog shaped like the engine's: a few haircare and skincare fields and the has_answered flags. */
const FIELDS: Record<string, FieldRule> = {
  hair_length: { category: 'haircare', values: ['very_short', 'short', 'medium', 'long'] },
  diag_hair_texture: { category: 'haircare', values: ['smooth', 'wavy', 'type_2a', 'type_3a', 'very_curly'] },
  diag_hair_type: { category: 'haircare', values: ['dry', 'normal', 'oily', 'oily_dry'] },
  diag_styling: { category: 'haircare', values: ['shampoo', 'conditioner', 'straightener', 'curling'], multi: true },
  goal_volume: { category: 'haircare', values: [0, 3] },
  pref_fragrance: { category: 'haircare', values: ['ARCADIA', 'AURA', null] },
  pref_fragrance_free: { category: 'haircare', values: [true, false] },
  profile_zipcode: { category: 'haircare', values: 'string' },
  profile_country: { category: 'haircare', values: ['US', 'CA'] },
  has_answered_haircare_questions: { category: 'haircare', values: [true, false] },
  has_answered_supplements_questions: { category: 'haircare', values: [true, false] },
  diag_concerns: { category: 'skincare', values: ['breakouts', 'dryness', 'oiliness'], multi: true },
  diag_phototype: { category: 'skincare', values: ['burns_quickly', 'never_burns'] },
};

const QUESTIONS: Record<string, Question[]> = {
  haircare: [
    {
      slug: 'length',
      title: 'How long is your hair?',
      excerpt: null,
      url_path: '/consultation/haircare/my-hair/length',
      section: 'my-hair',
      question_type: 'single_choice',
      answer_type: 'str',
      answers: [
        { value: 'short', title: 'Short', excerpt: null },
        { value: 'long', title: 'Long', excerpt: null },
      ],
    },
  ],
  skincare: [
    {
      slug: 'phototype',
      title: 'How does your skin react to the sun?',
      excerpt: null,
      url_path: '/consultation/skincare/my-skin/phototype',
      section: 'my-skin',
      question_type: 'single_choice',
      answer_type: 'str',
      answers: [{ value: 'never_burns', title: 'Never burns', excerpt: null }],
    },
  ],
};

/** The answers that take each category's consultation to its results here (the engine walks the flow's steps). */
const REQUIRED: Record<string, string[]> = {
  haircare: ['hair_length', 'diag_hair_texture', 'diag_hair_type'],
  skincare: ['diag_concerns', 'diag_phototype'],
};

/** Checks one value against its rule; returns the message when it is not allowed. */
function problemWith(rule: FieldRule, value: unknown): string | null {
  const allowed = (v: unknown) => (rule.values === 'string' ? typeof v === 'string' && v.length <= 20 : rule.values.includes(v as never));
  if (rule.multi) return Array.isArray(value) && value.every(allowed) ? null : 'Choose among the options.';
  return allowed(value) ? null : `"${String(value)}" is not one of the options.`;
}

/** ProfileFlows over the small catalog above, following the engine's checkAnswers contract. */
export const fakeFlows: ProfileFlows = {
  checkAnswers(body): AnswerCheck {
    const fields: Record<string, string[]> = {};
    const categories = new Set<string>();
    for (const [name, value] of Object.entries(body)) {
      const rule = FIELDS[name];
      if (!rule) {
        fields[name] = ['No question saves this field.'];
        continue;
      }
      const problem = problemWith(rule, value);
      if (problem) fields[name] = [problem];
      else if (!name.startsWith('has_answered_')) categories.add(rule.category);
    }
    if (Object.keys(fields).length > 0) return { ok: false, fields };
    return { ok: true, answers: { ...body }, categories: [...categories] };
  },
  completedCategories(answers) {
    return Object.keys(REQUIRED).filter((category) => REQUIRED[category]!.every((field) => answers[field] !== undefined));
  },
  questionSets(category) {
    if (!category) return QUESTIONS;
    return QUESTIONS[category] ? { [category]: QUESTIONS[category] } : {};
  },
};
