import { parse } from 'yaml';
import type { z } from 'zod';
import { didYouMean, readDataSource, type DataProblem, type SourceLocation } from '#engine/compiler';
import type { KbProblem } from './kb-problem';
import {
  FRONT_MATTER_KEYS,
  kbCategoriesFile,
  kbCategoryEntry,
  kbFrontMatter,
  kbTagEntry,
  kbTagsFile,
  type KbCategoryEntry,
  type KbFrontMatter,
  type KbTagEntry,
} from './kb-schema';

/** A file as read: its text and the path to print. */
export interface KbFile {
  file: string;
  text: string;
}

/** An article as checked: its front matter and its Markdown, not yet rendered. */
export interface KbArticleSource extends KbFrontMatter {
  file: string;
  markdown: string;
}

/** The knowledge base, checked: every reference resolves, every id and slug is unique. */
export interface KnowledgeBaseSource {
  categories: KbCategoryEntry[];
  tags: KbTagEntry[];
  articles: KbArticleSource[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m;

/**
 * Checks the knowledge base's files (pure: text in, content or every problem out, each at file:line:column).
 * @example const { knowledgeBase, problems } = checkKnowledgeBase({ categories, tags, articles: [guarantee] })
 */
export function checkKnowledgeBase(files: { categories: KbFile; tags: KbFile; articles: KbFile[] }): {
  knowledgeBase?: KnowledgeBaseSource;
  problems: KbProblem[];
} {
  const problems: KbProblem[] = [];
  const categoriesSource = readDataSource(files.categories.text, files.categories.file, kbCategoriesFile);
  problems.push(...schemaProblems(files.categories.text, kbCategoriesFile, categoriesSource, Object.keys(kbCategoryEntry.shape)));
  const tagsSource = readDataSource(files.tags.text, files.tags.file, kbTagsFile);
  problems.push(...schemaProblems(files.tags.text, kbTagsFile, tagsSource, Object.keys(kbTagEntry.shape)));
  const categories = categoriesSource.data ?? [];
  const tags = tagsSource.data ?? [];
  problems.push(
    ...duplicates(categories, 'id', files.categories.file, categoriesSource.at),
    ...duplicates(categories, 'slug', files.categories.file, categoriesSource.at),
  );
  problems.push(...duplicates(tags, 'id', files.tags.file, tagsSource.at));

  const categoryIds = categories.map((c) => c.id);
  const tagIds = tags.map((t) => t.id);
  const articles: KbArticleSource[] = [];
  const seen = { id: new Map<string, string>(), slug: new Map<string, string>() };
  for (const { file, text } of files.articles) {
    const match = FRONT_MATTER.exec(text);
    if (!match || match.index !== 0) {
      problems.push({ code: 'missing_front_matter', location: { file, line: 1, column: 1, length: 3 } });
      continue;
    }
    const source = readDataSource(match[1]!, file, kbFrontMatter as z.ZodType<KbFrontMatter>);
    // The front matter starts on the file's second line.
    const at = (path: (string | number)[]) => down(source.at(path));
    problems.push(...schemaProblems(match[1]!, kbFrontMatter, source, FRONT_MATTER_KEYS).map((p) => ({ ...p, location: down(p.location) })));
    const markdown = text.slice(match[0].length);
    if (!source.data) continue;
    const article = source.data;
    if (markdown.trim() === '')
      problems.push({ code: 'empty_body', location: { file, line: text.slice(0, match[0].length).split('\n').length, column: 1, length: 1 } });
    article.tags.forEach((tag, i) => {
      if (!tagIds.includes(tag)) problems.push({ code: 'unknown_tag', location: at(['tags', i]), found: tag, suggestion: didYouMean(tag, tagIds) });
    });
    article.categories.forEach((category, i) => {
      if (!categoryIds.includes(category))
        problems.push({ code: 'unknown_category', location: at(['categories', i]), found: category, suggestion: didYouMean(category, categoryIds) });
    });
    for (const key of ['id', 'slug'] as const) {
      const first = seen[key].get(article[key]);
      const place = at([key]);
      if (first) problems.push({ code: key === 'id' ? 'duplicate_id' : 'duplicate_slug', location: place, found: article[key], first });
      else seen[key].set(article[key], `${place.file}:${place.line}:${place.column}`);
    }
    articles.push({ ...article, file, markdown });
  }
  return problems.length > 0 ? { problems } : { knowledgeBase: { categories, tags, articles }, problems };
}

/**
 * The schema's problems as knowledge-base problems; a missing key is named (zod says only "received undefined") and
 * pointed at the entry that lacks it.
 */
function schemaProblems(
  text: string,
  schema: z.ZodType,
  source: { problems: DataProblem[]; at(path: (string | number)[]): SourceLocation },
  keys: string[],
): KbProblem[] {
  const problems = source.problems.filter((p) => !/received undefined/.test(p.message)).map((p) => fromDataProblem(p, keys));
  if (problems.length === source.problems.length) return problems;
  const checked = schema.safeParse(parse(text));
  for (const issue of checked.success ? [] : checked.error.issues) {
    if (issue.code !== 'invalid_type' || !/received undefined/.test(issue.message)) continue;
    const path = issue.path as (string | number)[];
    problems.push({ code: 'missing_key', location: source.at(path.slice(0, -1)), found: String(path.at(-1)) });
  }
  return problems;
}

const down = (location: SourceLocation): SourceLocation => ({ ...location, line: location.line + 1 });

/** A schema's problem as a knowledge-base problem: an unknown key gets a "did you mean" among the known ones. */
function fromDataProblem(problem: DataProblem, knownKeys: string[]): KbProblem {
  if (problem.message.startsWith('YAML syntax: ')) return { code: 'yaml_syntax', location: problem.location, detail: problem.message.slice(13) };
  const unknown = /^Unknown key\(s\): ([^,]+?)[,.]/.exec(problem.message)?.[1];
  if (unknown !== undefined) return { code: 'unknown_key', location: problem.location, found: unknown, suggestion: didYouMean(unknown, knownKeys) };
  return { code: 'invalid_field', location: problem.location, detail: problem.message };
}

/** A second entry with the same id or slug in one list file. */
function duplicates<T extends Record<K, string>, K extends string>(
  entries: readonly T[],
  key: K,
  file: string,
  at: (path: (string | number)[]) => SourceLocation,
): KbProblem[] {
  const firstAt = new Map<string, number>();
  const problems: KbProblem[] = [];
  entries.forEach((entry, i) => {
    const first = firstAt.get(entry[key]);
    if (first === undefined) firstAt.set(entry[key], i);
    else {
      const place = at([first, key]);
      problems.push({
        code: key === 'slug' ? 'duplicate_slug' : 'duplicate_id',
        location: at([i, key]),
        found: entry[key],
        first: `${file}:${place.line}:${place.column}`,
      });
    }
  });
  return problems;
}
