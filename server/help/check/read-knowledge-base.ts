import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkKnowledgeBase, type KbFile, type KnowledgeBaseSource } from './check-knowledge-base';
import { formatKbProblem, type KbProblem } from './kb-problem';

/** Where the knowledge base is kept, relative to the repository root. */
export const KB_CONTENT_DIR = 'shop/help/content';

/**
 * Reads and checks the knowledge base in `dir` (categories.yaml, tags.yaml, articles/*.md), paths printed relative
 * to the working directory; anything else in articles/ is a problem too (a .markdown or .txt an editor meant as one).
 */
export function readKnowledgeBase(dir = path.resolve(KB_CONTENT_DIR)): {
  knowledgeBase?: KnowledgeBaseSource;
  problems: KbProblem[];
  texts: Map<string, string>;
} {
  const texts = new Map<string, string>();
  const read = (absolute: string): KbFile => {
    const file = path.relative(process.cwd(), absolute) || absolute;
    const text = readFileSync(absolute, 'utf8');
    texts.set(file, text);
    return { file, text };
  };
  const articlesDir = path.join(dir, 'articles');
  const names = readdirSync(articlesDir).sort();
  const strays: KbProblem[] = names
    .filter((name) => !name.endsWith('.md'))
    .map((name) => ({
      code: 'unknown_file',
      location: { file: path.relative(process.cwd(), path.join(articlesDir, name)), line: 1, column: 1, length: 1 },
      found: name,
    }));
  const result = checkKnowledgeBase({
    categories: read(path.join(dir, 'categories.yaml')),
    tags: read(path.join(dir, 'tags.yaml')),
    articles: names.filter((name) => name.endsWith('.md')).map((name) => read(path.join(articlesDir, name))),
  });
  const problems = [...strays, ...result.problems];
  return problems.length > 0 ? { problems, texts } : { knowledgeBase: result.knowledgeBase!, problems, texts };
}

/** Every problem as editors read it, one after another. */
export function formatKbProblems(problems: readonly KbProblem[], texts: Map<string, string>): string {
  return problems.map((problem) => formatKbProblem(problem, texts.get(problem.location.file))).join('\n\n');
}
