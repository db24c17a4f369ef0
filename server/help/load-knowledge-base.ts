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

/**
 * Reads, checks and renders the knowledge base; a broken one stops the start with every problem at file:line:column
 * (what `npm run help:check` prints).
 * @example const knowledgeBase = loadKnowledgeBase()
 */
export function loadKnowledgeBase(dir = kbDir()): KnowledgeBase {
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
