import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatKbProblems, KB_CONTENT_DIR, readKnowledgeBase } from './check/read-knowledge-base';
import type { KbCategoryEntry, KbTagEntry } from './check/kb-schema';
import { plainText, renderArticle } from './render-article';

/** An article ready to serve and index: its front matter, its sanitised HTML and its plain text. */
export interface RenderedArticle {
  id: string;
  title: string;
  slug: string;
  status: 'published' | 'draft';
  deleted: boolean;
  tags: string[];
  categories: string[];
  order: number;
  updated: string;
  htmlBody: string;
  bodyText: string;
}

/** The knowledge base as the server keeps it. */
export interface KnowledgeBase {
  categories: KbCategoryEntry[];
  tags: KbTagEntry[];
  articles: RenderedArticle[];
}

/** The help centre's files, relative to the working directory (KB_DIR overrides them, for tests and other shops). */
export const kbDir = (env: NodeJS.ProcessEnv = process.env) => path.resolve(env.KB_DIR || KB_CONTENT_DIR);

/** The base last rendered from each folder, with the size and time of change of every file it was read from. */
const rendered = new Map<string, { files: string; knowledgeBase: KnowledgeBase }>();

/** Each file's name, size and time of change: a file written since gives another signature. */
function filesSignature(dir: string): string {
  const articles = path.join(dir, 'articles');
  const files = [
    path.join(dir, 'categories.yaml'),
    path.join(dir, 'tags.yaml'),
    ...readdirSync(articles)
      .sort()
      .map((name) => path.join(articles, name)),
  ];
  return files
    .map((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${file}\t${stat.size}\t${stat.mtimeMs}` : `${file}\t-`;
    })
    .join('\n');
}

/**
 * Reads, checks and renders the knowledge base; a broken one stops the start with every problem at file:line:column
 * (what `npm run help:check` prints). A process that starts several servers on the same folder, its files unchanged
 * (same sizes and times of change), renders it once.
 * @example const knowledgeBase = loadKnowledgeBase()
 */
export function loadKnowledgeBase(dir = kbDir()): KnowledgeBase {
  const absolute = path.resolve(dir);
  let files: string | undefined;
  try {
    files = filesSignature(absolute);
  } catch {
    files = undefined; // no such folder: read it below, which says what is missing
  }
  const kept = rendered.get(absolute);
  if (files !== undefined && kept?.files === files) return kept.knowledgeBase;
  const knowledgeBase = readAndRender(dir);
  if (files !== undefined) rendered.set(absolute, { files, knowledgeBase });
  return knowledgeBase;
}

function readAndRender(dir: string): KnowledgeBase {
  const { knowledgeBase, problems, texts } = readKnowledgeBase(dir);
  if (!knowledgeBase) throw new Error(`The knowledge base has ${problems.length} problem(s):\n${formatKbProblems(problems, texts)}`);
  return {
    categories: knowledgeBase.categories,
    tags: knowledgeBase.tags,
    articles: knowledgeBase.articles.map(({ file: _file, markdown, ...article }) => {
      const htmlBody = renderArticle(markdown);
      return {
        id: article.id,
        title: article.title,
        slug: article.slug,
        status: article.status,
        deleted: article.deleted,
        tags: article.tags,
        categories: article.categories,
        order: article.order,
        updated: article.updated,
        htmlBody,
        bodyText: plainText(htmlBody),
      };
    }),
  };
}
