import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ResponseBody } from '#api';
import type { Database } from '../db/database';
import { kbArticles, kbCategories, kbTags } from '../db/schema';
import { lexemesOf, searchSnippet } from './search-snippet';

/** §9: the help centre's one language (KB_LANGUAGE of the contract; its type holds the two equal). */
const KB_LANGUAGE = 'en_us';

/** §5: what the help centre may serve: articles not deleted and published. */
const servedArticle = and(eq(kbArticles.deleted, false), eq(kbArticles.status, 'published'));

const page = (p: number, size: number) => ({ limit: size, offset: (p - 1) * size });

/** The ids of the categories that are not deleted (an article's list drops the others, §5). */
async function liveCategoryIds(db: Database): Promise<Set<string>> {
  const rows = await db.select({ id: kbCategories.id }).from(kbCategories).where(eq(kbCategories.deleted, false));
  return new Set(rows.map((row) => row.id));
}

/** GET /v1/knowledge_base/categories: the categories that are not deleted (§5), in the help centre's order. */
export async function categoriesPage(db: Database, p: number, size: number): Promise<ResponseBody<'listKbCategories'>> {
  const { limit, offset } = page(p, size);
  const [rows, [total]] = await Promise.all([
    db.select().from(kbCategories).where(eq(kbCategories.deleted, false)).orderBy(asc(kbCategories.position), asc(kbCategories.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(kbCategories).where(eq(kbCategories.deleted, false)),
  ]);
  return {
    data: rows.map((c) => ({
      id: c.id,
      type: 'kb_category',
      attributes: { deleted: false, order: c.position, en_us: { title: c.title, description: c.description, slug: c.slug } },
    })),
    meta: { page: p, pageSize: size, total: total?.n ?? 0 },
  };
}

/** GET /v1/knowledge_base/tags: every tag, by name. */
export async function tagsPage(db: Database, p: number, size: number): Promise<ResponseBody<'listKbTags'>> {
  const { limit, offset } = page(p, size);
  const [rows, [total]] = await Promise.all([
    db.select().from(kbTags).orderBy(asc(kbTags.name), asc(kbTags.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(kbTags),
  ]);
  return {
    data: rows.map((t) => ({ id: t.id, type: 'kb_tag', attributes: { en_us: { name: t.name } } })),
    meta: { page: p, pageSize: size, total: total?.n ?? 0 },
  };
}

/**
 * GET /v1/knowledge_base/articles: the articles served (§5), data[] with their en_us text in included[], each version
 * pointing back at its article (relationships.article.data.id).
 */
export async function articlesPage(db: Database, p: number, size: number): Promise<ResponseBody<'listKbArticles'>> {
  const { limit, offset } = page(p, size);
  const [rows, [total], live] = await Promise.all([
    db
      .select({
        id: kbArticles.id,
        title: kbArticles.title,
        slug: kbArticles.slug,
        tags: kbArticles.tags,
        categories: kbArticles.categories,
        htmlBody: kbArticles.htmlBody,
        updatedOn: kbArticles.updatedOn,
      })
      .from(kbArticles)
      .where(servedArticle)
      .orderBy(asc(kbArticles.position), asc(kbArticles.title), asc(kbArticles.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(kbArticles).where(servedArticle),
    liveCategoryIds(db),
  ]);
  return {
    data: rows.map((a) => ({
      id: a.id,
      type: 'kb_article',
      attributes: {
        deleted: false,
        status: 'published',
        tags: a.tags,
        categories: a.categories.filter((id) => live.has(id)),
        updated_at: `${a.updatedOn}T00:00:00.000Z`,
      },
    })),
    included: rows.map((a) => ({
      id: `${a.id}.${KB_LANGUAGE}`,
      type: 'kb_article_version',
      attributes: { lang: KB_LANGUAGE, title: a.title, slug: a.slug, htmlBody: a.htmlBody },
      relationships: { article: { data: { id: a.id, type: 'kb_article' } } },
    })),
    meta: { page: p, pageSize: size, total: total?.n ?? 0 },
  };
}

/** The most hits a search answers with. */
export const SEARCH_LIMIT = 25;

interface HitRow {
  id: string;
  title: string;
  slug: string;
  categories: string[];
  body_text: string;
  query: string;
  /** The ids of the categories not deleted (the same on every row). */
  live: string[];
}

/**
 * GET /v1/knowledge_base/search: the served articles matching `query` (a tsquery text from searchTerms), best first:
 * ts_rank_cd over the weighted document (a title hit above a tag hit above a body hit), then the help centre's order;
 * each with a plain-text passage around the match (search-snippet.ts).
 */
export async function searchArticles(db: Database, query: string): Promise<ResponseBody<'searchKb'>> {
  // One statement (the embedded database answers one at a time): the hits and, once, the categories not deleted
  // (filtering each hit's list in a subquery per hit cost a sixth of a search on the embedded database).
  const result = await db.execute(sql`
    with q as (select to_tsquery('english', ${query}) as query)
    select a.id, a.title, a.slug, a.body_text, q.query::text as query, a.categories,
      (select coalesce(array_agg(id), '{}') from ${kbCategories} where deleted = false) as live
    from ${kbArticles} a, q
    where a.search @@ q.query and a.deleted = false and a.status = 'published'
    order by ts_rank_cd(a.search, q.query) desc, a.position, a.title
    limit ${SEARCH_LIMIT}`);
  // node-postgres and PGlite both answer {rows}.
  const rows = (result as unknown as { rows: HitRow[] }).rows;
  const live = new Set(rows[0]?.live ?? []);
  const lexemes = rows[0] ? lexemesOf(rows[0].query) : [];
  return {
    data: rows.map((row) => ({
      id: row.id,
      type: 'kb_article',
      attributes: {
        title: row.title,
        slug: row.slug,
        snippet: searchSnippet(row.body_text, lexemes),
        categories: row.categories.filter((id) => live.has(id)),
      },
    })),
  };
}
