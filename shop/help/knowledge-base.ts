import type { HelpArticle, KbArticle, KbArticleVersion, KbCategory, KbTag } from '#api';

/** GET /v1/knowledge_base/articles's answer: data[] (the articles) and included[] (their en_us text). */
export interface KbArticlesPage {
  data: KbArticle[];
  included: KbArticleVersion[];
}

/** §5: a help-centre article is shown only if it is not deleted and is published. */
export const isShown = (article: Pick<HelpArticle, 'deleted' | 'status'>): boolean => !article.deleted && article.status === 'published';

/**
 * The §3 Articles of one answer: each of data[] joined with its en_us text from included[] (the version whose
 * relationships.article.data.id is its id), in data[]'s order. An article without a text, deleted or not published
 * is left out (§5), even when a server sent it.
 * @example joinArticles({ data: [article], included: [version], meta }) // [{ id, title, tags, slug, htmlBody, ... }]
 */
export function joinArticles(page: Pick<KbArticlesPage, 'data' | 'included'>): HelpArticle[] {
  const texts = new Map(page.included.map((version) => [version.relationships.article.data.id, version.attributes]));
  const articles: HelpArticle[] = [];
  for (const { id, attributes } of page.data) {
    const text = texts.get(id);
    if (!text) continue;
    const article: HelpArticle = {
      id,
      title: text.title,
      tags: attributes.tags,
      slug: text.slug,
      htmlBody: text.htmlBody,
      deleted: attributes.deleted,
      status: attributes.status,
      categories: attributes.categories,
    };
    if (isShown(article)) articles.push(article);
  }
  return articles;
}

/** §5: deleted categories are hidden; the rest in the help centre's order. */
export function shownCategories(categories: readonly KbCategory[]): KbCategory[] {
  return categories.filter((category) => !category.attributes.deleted).sort((a, b) => a.attributes.order - b.attributes.order);
}

/** The ids a tag name stands for (§2's tags popular and contact-us-top-3): the tag of that name, or an id spelled so. */
function tagIds(tags: readonly KbTag[], name: string): Set<string> {
  return new Set([name, ...tags.filter((tag) => tag.attributes.en_us.name === name).map((tag) => tag.id)]);
}

/** §2: the articles carrying a tag, by its name (popular, contact-us-top-3), in the articles' order. */
export function articlesTagged(articles: readonly HelpArticle[], tags: readonly KbTag[], name: string): HelpArticle[] {
  const ids = tagIds(tags, name);
  return articles.filter((article) => article.tags.some((tag) => ids.has(tag)));
}

/** The articles of a category (a topic's list). */
export function articlesIn(articles: readonly HelpArticle[], category: KbCategory): HelpArticle[] {
  return articles.filter((article) => article.categories.includes(category.id));
}

/** The category a topic's slug names, if any (§2: a topic that matches none is a search). */
export function categoryBySlug(categories: readonly KbCategory[], slug: string): KbCategory | undefined {
  return shownCategories(categories).find((category) => category.attributes.en_us.slug === slug);
}

/** The article a /faq/{articleId} address names: by its id, or by its slug. */
export function findArticle(articles: readonly HelpArticle[], idOrSlug: string): HelpArticle | undefined {
  return articles.find((article) => article.id === idOrSlug) ?? articles.find((article) => article.slug === idOrSlug);
}

/** An article's first shown category (its breadcrumb). */
export function categoryOf(article: HelpArticle, categories: readonly KbCategory[]): KbCategory | undefined {
  const shown = shownCategories(categories);
  for (const id of article.categories) {
    const category = shown.find((c) => c.id === id);
    if (category) return category;
  }
  return undefined;
}

/** Articles to read next: others of the article's categories first, then popular ones, at most `limit`. */
export function relatedArticles(article: HelpArticle, articles: readonly HelpArticle[], tags: readonly KbTag[], limit = 4): HelpArticle[] {
  const others = articles.filter((a) => a.id !== article.id);
  const sameCategory = others.filter((a) => a.categories.some((c) => article.categories.includes(c)));
  const popular = articlesTagged(others, tags, 'popular');
  return [...new Set([...sameCategory, ...popular])].slice(0, limit);
}
