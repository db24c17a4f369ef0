/**
 * The knowledge base as content (issue 29 item 1; spec 001 §2 Help centre, §3 Knowledge base, §5): the shipped files
 * are sound and hold what §2 names; every editor's mistake is reported at file:line:column with a "did you mean";
 * Markdown becomes sanitised HTML (no script, event attribute, javascript: URL, iframe or style).
 */
import { describe, expect, it } from 'vitest';
import { checkKnowledgeBase, type KbFile } from '../../../server/help/check/check-knowledge-base';
import { formatKbProblem } from '../../../server/help/check/kb-problem';
import { loadKnowledgeBase } from '../../../server/help/load-knowledge-base';
import { plainText, renderArticle } from '../../../server/help/render-article';

const categories: KbFile = {
  file: 'content/categories.yaml',
  text: [
    '- { id: orders-shipping, title: Orders, description: Where it is., slug: orders-shipping, order: 1 }',
    '- { id: gifts, title: Gifts, description: Cards., slug: gifts, order: 2 }',
    '',
  ].join('\n'),
};
const tags: KbFile = { file: 'content/tags.yaml', text: '- { id: popular, name: popular }\n- { id: contact-us-top-3, name: contact-us-top-3 }\n' };
const article = (name: string, frontMatter: string, body = 'Some text.\n'): KbFile => ({
  file: `content/articles/${name}.md`,
  text: `---\n${frontMatter}\n---\n${body}`,
});
const good = (id: string, extra = '') =>
  `id: ${id}\ntitle: About ${id}\nslug: ${id}\nstatus: published\ntags: [popular]\ncategories: [orders-shipping]\nupdated: 2026-11-27${extra}`;

describe('the shipped knowledge base (shop/help/content/)', () => {
  const kb = loadKnowledgeBase();
  const shown = kb.articles.filter((a) => !a.deleted && a.status === 'published');

  it('is sound and holds the articles issue 29 asks for, with §2’s tags', () => {
    expect(kb.categories.length).toBeGreaterThanOrEqual(5);
    expect(shown.length).toBeGreaterThanOrEqual(20);
    for (const id of [
      'our-guarantee',
      'shipping-and-delivery',
      'how-subscriptions-work',
      'manage-your-subscription',
      'ingredients',
      'returns-and-refunds',
      'gift-cards',
      'signing-in',
    ])
      expect(shown.map((a) => a.id)).toContain(id);
    expect(shown.filter((a) => a.tags.includes('popular')).length).toBeGreaterThanOrEqual(4);
    expect(shown.filter((a) => a.tags.includes('contact-us-top-3')).map((a) => a.id)).toHaveLength(3);
  });

  it('tells this shop’s facts (spec 001 §9): the guarantee, subscriptions, snooze, gift cards', () => {
    const text = (id: string) => kb.articles.find((a) => a.id === id)!.bodyText;
    expect(text('our-guarantee')).toMatch(/within 30 days of delivery/);
    expect(text('how-subscriptions-work')).toMatch(/Save 15%/);
    expect(text('how-subscriptions-work')).toMatch(/every 4, 8 or 12 weeks/);
    expect(text('manage-your-subscription')).toMatch(/up to 90 days from today/);
    expect(text('gift-cards')).toMatch(/\$50, \$75, \$100 or \$150/);
    expect(text('gift-cards')).toMatch(/never expires/);
  });
});

describe('checking the knowledge base: every problem at file:line:column', () => {
  it('accepts a sound base', () => {
    const { knowledgeBase, problems } = checkKnowledgeBase({ categories, tags, articles: [article('a', good('a'))] });
    expect(problems).toEqual([]);
    expect(knowledgeBase!.articles[0]).toMatchObject({ id: 'a', status: 'published', deleted: false, markdown: 'Some text.\n' });
  });

  it('an unknown tag or category: its place in the front matter and a "did you mean"', () => {
    const { problems } = checkKnowledgeBase({
      categories,
      tags,
      articles: [article('a', good('a').replace('tags: [popular]', 'tags: [populr]').replace('categories: [orders-shipping]', 'categories:\n  - gift'))],
    });
    expect(problems.map((p) => formatKbProblem(p))).toEqual([
      'content/articles/a.md:6:8  unknown_tag\n  Tag "populr" is not in shop/help/content/tags.yaml.\n  Did you mean "popular"?',
      'content/articles/a.md:8:5  unknown_category\n  Category "gift" is not in shop/help/content/categories.yaml.\n  Did you mean "gifts"?',
    ]);
  });

  it('a misspelt or missing field, a bad status, a bad date', () => {
    const source = article('a', good('a').replace('title:', 'titel:').replace('status: published', 'status: live').replace('2026-11-27', '27/11/2026'));
    const { problems } = checkKnowledgeBase({ categories, tags, articles: [source] });
    const shown = problems.map((p) => formatKbProblem(p, source.text));
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^content\/articles\/a\.md:3:1 {2}unknown_key\n {2}Unknown key "titel"\.\n {2}Did you mean "title"\?\n {4}3 \| titel: About a\n {6}\| \^{5}$/,
        ),
        expect.stringMatching(/^content\/articles\/a\.md:2:1 {2}missing_key\n {2}Missing key "title"/),
        expect.stringMatching(/^content\/articles\/a\.md:5:9 {2}invalid_field\n.*published/),
        expect.stringMatching(/^content\/articles\/a\.md:8:10 {2}invalid_field\n {2}Expected a date as YYYY-MM-DD\./),
      ]),
    );
  });

  it('a duplicate id or slug names where the first one is; a duplicate category slug too', () => {
    const { problems } = checkKnowledgeBase({
      categories: { ...categories, text: categories.text.replace('slug: gifts', 'slug: orders-shipping') },
      tags,
      articles: [article('a', good('a')), article('b', good('a').replace('slug: a', 'slug: b')), article('c', good('c').replace('slug: c', 'slug: a'))],
    });
    expect(problems.map((p) => formatKbProblem(p))).toEqual([
      'content/categories.yaml:2:57  duplicate_slug\n  The slug "orders-shipping" is used already (content/categories.yaml:1:74).',
      'content/articles/b.md:2:5  duplicate_id\n  The id "a" is used already (content/articles/a.md:2:5).',
      'content/articles/c.md:4:7  duplicate_slug\n  The slug "a" is used already (content/articles/a.md:4:7).',
    ]);
  });

  it('no front matter, an empty body, broken YAML', () => {
    const { problems } = checkKnowledgeBase({
      categories,
      tags,
      articles: [{ file: 'content/articles/x.md', text: '# Just text\n' }, article('e', good('e'), '\n  \n'), article('y', 'id: y\ntitle: [unclosed')],
    });
    expect(problems.map((p) => `${p.location.file}:${p.location.line} ${p.code}`)).toEqual([
      'content/articles/x.md:1 missing_front_matter',
      'content/articles/e.md:10 empty_body',
      expect.stringMatching(/^content\/articles\/y\.md:3 yaml_syntax$/),
    ]);
  });
});

describe('Markdown to sanitised HTML', () => {
  it('keeps the structure: headings from h2, lists, tables, links to the shop and to https', () => {
    expect(
      renderArticle('# Top\n\n## Sub\n\n- one\n- **two**\n\n[Contact](/faq/contact-us) or [mail](mailto:care@example.com) or [site](https://example.com)'),
    ).toBe(
      '<h2>Top</h2>\n<h2>Sub</h2>\n<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>\n<p><a href="/faq/contact-us">Contact</a> or <a href="mailto:care@example.com">mail</a> or <a href="https://example.com">site</a></p>',
    );
    expect(renderArticle('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<td>1</td>');
  });

  it('drops scripts, event attributes, javascript: and data: URLs, iframes and styles', () => {
    const html = renderArticle(
      [
        'Hi <script>alert(1)</script>',
        '<img src="https://example.com/a.png" onerror="alert(1)">',
        '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(2)) [z](data:text/html,hi) [w](//evil.example)',
        '<iframe src="https://example.com"></iframe>',
        '<p style="color:red" onclick="steal()">styled</p><style>body{display:none}</style>',
        '<svg onload="alert(3)"></svg><a href="java&#x09;script:alert(4)">t</a>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|data:|<iframe|style=|<style|<svg|evil\.example|alert\(/i);
    expect(html).toContain('<img src="https://example.com/a.png" />');
    expect(html).toContain('<p>styled</p>');
  });

  it('the plain text the search indexes has no markup', () => {
    expect(plainText(renderArticle('## Ship now\n\nRunning **low**? Use *ship now* &amp; relax.'))).toBe('Ship now\nRunning low? Use ship now & relax.');
  });
});
