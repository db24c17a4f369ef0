import type { FlowIssue } from './flow-issue.ts';
import { issueMessages } from './messages.ts';

/** The whole message for one problem, as `flows check` prints it. */
export function issueMessage(issue: FlowIssue): string {
  const { data } = issue;
  const lines = [issueMessages[issue.code](data)];
  if (data.expected && data.expected.length > 0) lines.push(`Expected: ${listOf(data.expected)}.`);
  if (data.found !== undefined && issue.code !== 'yaml_syntax') lines.push(`Found: ${data.found}${/[.!?]$/.test(String(data.found)) ? '' : '.'}`);
  if (data.suggestion) lines.push(`Did you mean "${data.suggestion}"?`);
  if (data.hint) lines.push(String(data.hint));
  return lines.join('\n');
}

function listOf(values: string[]): string {
  if (values.length > 12) return `${values.slice(0, 12).join(', ')}, … (${values.length} in all)`;
  return values.join(', ');
}

/**
 * Formats a problem with its place and an excerpt, like a compiler does:
 * @example
 * flows/consultation/haircare.yaml:42:13  unknown_field
 *   Rule names field "diag_hair_textur", which no step writes and no context declares.
 *   Did you mean "diag_hair_texture"?
 *     42 |     when: { diag_hair_textur: { in: [type_3a] } }
 *        |             ^^^^^^^^^^^^^^^^
 */
export function formatIssue(issue: FlowIssue, sourceText?: string): string {
  const { file, line, column, length } = issue.location;
  const out = [
    `${file}:${line}:${column}  ${issue.code}`,
    ...issueMessage(issue)
      .split('\n')
      .map((l) => `  ${l}`),
  ];
  const text = sourceText?.split(/\r?\n/)[line - 1];
  if (text !== undefined) {
    const gutter = String(line).length;
    out.push(`    ${line} | ${text}`);
    const width = Math.max(1, Math.min(length, text.length - column + 1));
    out.push(`    ${' '.repeat(gutter)} | ${' '.repeat(Math.max(0, column - 1))}${'^'.repeat(width)}`);
  }
  return out.join('\n');
}
