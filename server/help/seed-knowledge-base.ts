import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { kbArticles, kbCategories, kbTags } from '../db/schema';
import { forgetAnswers } from './knowledge-base-cache';
import type { KnowledgeBase, RenderedArticle } from './load-knowledge-base';

/** The full-text document of an article: title A, its tags' names B, its body C (english stemming). */
export const articleDocument = (article: Pick<RenderedArticle, 'title' | 'bodyText'>, tagNames: string) =>
  sql`setweight(to_tsvector('english', ${article.title}), 'A') || setweight(to_tsvector('english', ${tagNames}), 'B') || setweight(to_tsvector('english', ${article.bodyText}), 'C')`;

/**
 * Makes the help centre's tables say what the files say, in one transaction (the files are the source: rows they no
 * longer hold go). Processes starting together on one PostgreSQL take turns (an advisory lock).
 * @example await seedKnowledgeBase(db, loadKnowledgeBase())
 */
export async function seedKnowledgeBase(db: Database, knowledgeBase: KnowledgeBase): Promise<void> {
  const tagNames = new Map(knowledgeBase.tags.map((tag) => [tag.id, tag.name]));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kb_seed'))`);
    await tx.delete(kbArticles);
    await tx.delete(kbTags);
    await tx.delete(kbCategories);
    if (knowledgeBase.categories.length > 0)
      await tx
        .insert(kbCategories)
        .values(
          knowledgeBase.categories.map((c) => ({ id: c.id, title: c.title, description: c.description, slug: c.slug, position: c.order, deleted: c.deleted })),
        );
    if (knowledgeBase.tags.length > 0) await tx.insert(kbTags).values(knowledgeBase.tags.map((t) => ({ id: t.id, name: t.name })));
    // In slices: a statement's parameters are limited (65,535), and a large base (the bench's 1,000) would pass it.
    for (let start = 0; start < knowledgeBase.articles.length; start += 200) {
      await tx.insert(kbArticles).values(
        knowledgeBase.articles.slice(start, start + 200).map((a) => ({
          id: a.id,
          title: a.title,
          slug: a.slug,
          status: a.status,
          deleted: a.deleted,
          tags: a.tags,
          categories: a.categories,
          position: a.order,
          htmlBody: a.htmlBody,
          bodyText: a.bodyText,
          search: articleDocument(a, a.tags.map((id) => tagNames.get(id) ?? id).join(' ')),
          updatedOn: a.updated,
        })),
      );
    }
    // Fresh statistics: the planner then knows how many articles a word matches.
    await tx.execute(sql`analyze kb_articles`);
  });
  forgetAnswers(db);
}
