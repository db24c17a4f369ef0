import type { SourceLocation } from '#engine/compiler';

/** Every problem the knowledge base's check reports; the wording is in KB_MESSAGES. */
export type KbProblemCode =
  | 'yaml_syntax'
  | 'invalid_field'
  | 'unknown_key'
  | 'missing_key'
  | 'missing_front_matter'
  | 'empty_body'
  | 'unknown_tag'
  | 'unknown_category'
  | 'duplicate_id'
  | 'duplicate_slug'
  | 'unknown_file';

/** One problem, placed in its file; `found`/`suggestion` feed the message's "Did you mean". */
export interface KbProblem {
  code: KbProblemCode;
  location: SourceLocation;
  /** The schema's own message, for invalid_field and yaml_syntax. */
  detail?: string;
  found?: string;
  suggestion?: string;
  /** Where the first of a duplicate is. */
  first?: string;
}

export const KB_MESSAGES: Record<KbProblemCode, (p: KbProblem) => string> = {
  yaml_syntax: (p) => `YAML syntax: ${p.detail ?? 'not readable'}`,
  invalid_field: (p) => p.detail ?? 'This value is not valid.',
  unknown_key: (p) => `Unknown key "${p.found}".`,
  missing_key: (p) => `Missing key "${p.found}": it is required.`,
  missing_front_matter: () => 'An article starts with its front matter between two lines of "---" (id, title, slug, status, categories, updated).',
  empty_body: () => 'The article has no text after its front matter.',
  unknown_tag: (p) => `Tag "${p.found}" is not in shop/help/content/tags.yaml.`,
  unknown_category: (p) => `Category "${p.found}" is not in shop/help/content/categories.yaml.`,
  duplicate_id: (p) => `The id "${p.found}" is used already (${p.first}).`,
  duplicate_slug: (p) => `The slug "${p.found}" is used already (${p.first}).`,
  unknown_file: (p) => `"${p.found}" is not part of the knowledge base: articles are .md files in articles/.`,
};

/**
 * A problem as editors read it: file:line:column, code, message, "Did you mean", and the line with the place marked.
 * @example
 * shop/help/content/articles/our-guarantee.md:6:5  unknown_tag
 *   Tag "populr" is not in shop/help/content/tags.yaml.
 *   Did you mean "popular"?
 *     6 |   - populr
 *       |     ^^^^^^
 */
export function formatKbProblem(problem: KbProblem, sourceText?: string): string {
  const { file, line, column, length } = problem.location;
  const out = [`${file}:${line}:${column}  ${problem.code}`, `  ${KB_MESSAGES[problem.code](problem)}`];
  if (problem.suggestion) out.push(`  Did you mean "${problem.suggestion}"?`);
  const text = sourceText?.split(/\r?\n/)[line - 1];
  if (text !== undefined) {
    const gutter = String(line).length;
    out.push(
      `    ${line} | ${text}`,
      `    ${' '.repeat(gutter)} | ${' '.repeat(Math.max(0, column - 1))}${'^'.repeat(Math.max(1, Math.min(length, text.length - column + 1)))}`,
    );
  }
  return out.join('\n');
}
