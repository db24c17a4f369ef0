/** A test on the stored answers, written as data so ranking rules can be read and replaced as tables. */
export type AnswerCondition =
  /** The field's answer (a list, or a single value) includes at least one of `values`. */
  | { field: string; includesAny: readonly string[] }
  /** More than half of the answered `fields` hold `value` (e.g. the skin feels oily at most moments of the day). */
  | { mostly: { fields: readonly string[]; value: string } };

/** The stored answers of a profile, by field. */
export type Answers = Readonly<Record<string, unknown>>;

/** True when the condition holds for the answers; a missing or oddly shaped answer never matches. */
export function holds(condition: AnswerCondition, answers: Answers): boolean {
  if ('mostly' in condition) {
    const { fields, value } = condition.mostly;
    const answered = fields.map((field) => answers[field]).filter((answer) => answer !== undefined && answer !== null);
    return answered.length > 0 && answered.filter((answer) => answer === value).length * 2 > answered.length;
  }
  const answer = answers[condition.field];
  const given = Array.isArray(answer) ? answer : [answer];
  return given.some((value) => typeof value === 'string' && condition.includesAny.includes(value));
}

/** True when at least one of the conditions holds. */
export function anyHolds(conditions: readonly AnswerCondition[], answers: Answers): boolean {
  return conditions.some((condition) => holds(condition, answers));
}
