/**
 * The help centre's stories draw the shop's real knowledge base: stories/fixtures/knowledge-base.ts is written by this
 * test from what the server answers for shop/help/content/ (spec 001 §7: categories, articles, tags, a search), so an
 * edited article shows as a diff of that file. After reviewing it, accept it with
 * `npx vitest run --project unit tests/server/help/help-story-fixtures.test.ts -u`.
 */
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kbArticles, kbCategories, kbSearchResults, kbTags } from '../../../api/schemas/knowledge-base';
import { loadKnowledgeBase } from '../../../server/help/load-knowledge-base';
import { seedKnowledgeBase } from '../../../server/help/seed-knowledge-base';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { createTestApp, type TestApp } from '../support/test-app';

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  await seedKnowledgeBase(database.db, loadKnowledgeBase());
  t = createTestApp(database.db);
});
afterAll(() => database?.destroy());

const get = async (path: string) => {
  const res = await t.call('GET', path);
  expect(res.status, path).toBe(200);
  return res.body as unknown;
};

it('stories/fixtures/knowledge-base.ts is what the server answers for the shop’s knowledge base', async () => {
  const categories = kbCategories.parse(await get('/v1/knowledge_base/categories?page=1&pageSize=100'));
  const tags = kbTags.parse(await get('/v1/knowledge_base/tags?page=1&pageSize=100'));
  const articles = kbArticles.parse(await get('/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us'));
  const search = kbSearchResults.parse(await get('/v1/knowledge_base/search?term=subscription&scope=public'));
  const exported = (doc: string, name: string, type: string, value: unknown) => `/** ${doc} */\nexport const ${name}: ${type} = ${JSON.stringify(value)};\n`;
  const module = [
    '// The shop’s knowledge base (shop/help/content/) as the server answers it (spec 001 §7 Help centre): written by',
    '// tests/server/help/help-story-fixtures.test.ts, do not edit by hand. After editing an article, review the diff and',
    '// accept it with `npx vitest run --project unit tests/server/help/help-story-fixtures.test.ts -u`.',
    "import type { ResponseBody } from '../../api/endpoints';",
    '',
    exported('GET /v1/knowledge_base/categories?page=1&pageSize=100', 'kbCategoriesAnswer', "ResponseBody<'listKbCategories'>", categories),
    exported('GET /v1/knowledge_base/tags?page=1&pageSize=100', 'kbTagsAnswer', "ResponseBody<'listKbTags'>", tags),
    exported('GET /v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us', 'kbArticlesAnswer', "ResponseBody<'listKbArticles'>", articles),
    exported('GET /v1/knowledge_base/search?term=subscription&scope=public', 'kbSearchSubscriptionAnswer', "ResponseBody<'searchKb'>", search),
    `/** The guarantee article's id (spec 001 §2: /faq/{articleId} is a support page). */\nexport const GUARANTEE_ARTICLE_ID = 'our-guarantee';\n`,
  ].join('\n');
  const file = 'stories/fixtures/knowledge-base.ts';
  const formatted = await format(module, { ...(await resolveConfig(file)), filepath: file });
  expect(articles.data.some((a) => a.id === 'our-guarantee')).toBe(true);
  await expect(formatted).toMatchFileSnapshot('../../../stories/fixtures/knowledge-base.ts');
});
