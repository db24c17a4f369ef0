import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { kbArticles, kbCategories, kbTags, settings } from '../db/schema';
import { forgetAnswers } from './knowledge-base-cache';
import type { KnowledgeBase, RenderedArticle } from './load-knowledge-base';

/** The full-text document of an article: title A, its tags' names B, its body C (english stemming). */
export const articleDocument = (article: Pick<RenderedArticle, 'title' | 'bodyText'>, tagNames: string) =>
  sql`setweight(to_tsvector('english', ${article.title}), 'A') || setweight(to_tsvector('english', ${tagNames}), 'B') || setweight(to_tsvector('english', ${article.bodyText}), 'C')`;

/**
 * How the rows are made from the rendered base: change it with `articleDocument` or the columns written, so every
 * database is written again at its next start.
 */
const SEED_FORMAT = 1;
/** The `settings` row holding the fingerprint of the base the tables hold. */
export const KB_FINGERPRINT_KEY = 'kb_fingerprint';

/** A digest of the rendered knowledge base (and of SEED_FORMAT): equal digests, equal rows. */
export function knowledgeBaseFingerprint(knowledgeBase: KnowledgeBase): string {
  return createHash('sha256')
    .update(JSON.stringify([SEED_FORMAT, knowledgeBase]))
    .digest('base64url');
}

/** True when the tables hold the base of this fingerprint: its row says so and the articles are all there (one query). */
async function holds(db: Pick<Database, 'select'>, fingerprint: string, articles: number): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value, articles: sql<number>`(select count(*)::int from ${kbArticles})` })
    .from(settings)
    .where(eq(settings.key, KB_FINGERPRINT_KEY));
  return row?.value === fingerprint && Number(row.articles) === articles;
}

/**
 * Makes the help centre's tables say what the files say, in one transaction (the files are the source: rows they no
 * longer hold go), unless they already do: the fingerprint of the base last written is kept in `settings`, and a start
 * whose files render to the same base writes nothing (one query). Processes starting together on one PostgreSQL take
 * turns through an advisory lock when they write, and one that finds the base written while it waited writes nothing.
 * Returns whether it wrote.
 * @example await seedKnowledgeBase(db, loadKnowledgeBase())
 */
export async function seedKnowledgeBase(db: Database, knowledgeBase: KnowledgeBase): Promise<boolean> {
  const fingerprint = knowledgeBaseFingerprint(knowledgeBase);
  if (await holds(db, fingerprint, knowledgeBase.articles.length)) return false;
  const tagNames = new Map(knowledgeBase.tags.map((tag) => [tag.id, tag.name]));
  const wrote = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kb_seed'))`);
    if (await holds(tx, fingerprint, knowledgeBase.articles.length)) return false;
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
    await tx
      .insert(settings)
      .values({ key: KB_FINGERPRINT_KEY, value: fingerprint })
      .onConflictDoUpdate({ target: settings.key, set: { value: fingerprint, updatedAt: sql`now()` } });
    return true;
  });
  if (wrote) forgetAnswers(db);
  return wrote;
}
