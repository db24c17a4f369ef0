import { describe, expect, it } from 'vitest';
import { formatDataProblem } from '#engine/compiler';
import { checkAllPages, checkPageSource } from '../../../shop/content/check-content.ts';

const file = 'shop/content/pages/custom-shampoo.yaml';
const page = (modules: string, product = 'custom-shampoo') => `title: Custom Shampoo
metaDescription: A shampoo formulated for your hair from 85+ factors, from hair type to zip code and climate.
product: ${product}
modules:
${modules}`;
const faq = `  - type: faq
    title: Frequently asked questions
    questions:
      - { question: Is it custom?, answer: Yes. }
`;

describe('product page content (spec §3 "Content entities")', () => {
  it('accepts every page file in the repository', () => {
    const { pages, problems } = checkAllPages(process.cwd());
    expect(problems.map(formatDataProblem)).toEqual([]);
    expect([...pages.keys()]).toContain('custom-conditioner');
  });

  it('keeps the modules in the order the file lists them', () => {
    const { page: content } = checkPageSource(page(`  - type: ticker\n    claims: [vegan options]\n${faq}`), file);
    expect(content?.modules.map((m) => m.type)).toEqual(['ticker', 'faq']);
  });

  it('reports a mistyped module type at its line and column with "did you mean"', () => {
    const { page: content, problems } = checkPageSource(page(`${faq}  - type: tickr\n    claims: [vegan options]\n`), file);
    expect(content).toBeUndefined();
    expect(problems.map(formatDataProblem)).toEqual([
      expect.stringMatching(/^shop\/content\/pages\/custom-shampoo\.yaml:9:11 {2}Unknown module type "tickr"\. Did you mean "ticker"\?/),
    ]);
  });

  it('reports an unknown key at the key itself', () => {
    const { problems } = checkPageSource(page(faq.replace('    title:', '    titel: x\n    title:')), file);
    expect(problems.map(formatDataProblem)).toEqual([`${file}:6:5  Unknown key(s): titel.`]);
  });

  it('reports a review with 6 stars at the value', () => {
    const reviews = `  - type: reviews
    title: Real people, real reviews
    reviews:
      - { name: Ana, date: 3/4/2025, location: "Austin, TX", stars: 6, text: Soft hair. }
`;
    const { problems } = checkPageSource(page(reviews), file);
    expect(problems).toHaveLength(1);
    expect(formatDataProblem(problems[0]!)).toMatch(/^shop\/content\/pages\/custom-shampoo\.yaml:8:69 /);
  });

  it('requires the product slug to match the file name', () => {
    const { problems } = checkPageSource(page(faq, 'custom-conditioner'), file);
    expect(problems.map(formatDataProblem)).toEqual([`${file}:3:10  Expected the product slug to match the file name "custom-shampoo".`]);
  });

  it('reports a YAML syntax error with its position', () => {
    const { problems } = checkPageSource(page(`  - type: faq\n    title: [unclosed\n`), file);
    expect(problems[0]?.location.file).toBe(file);
    expect(problems[0]?.location.line).toBeGreaterThanOrEqual(6);
    expect(problems[0]?.message).toMatch(/^YAML syntax/);
  });
});
