import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A knowledge base of `count` articles for the help-centre search bench, written as the editors' files (categories and
 * tags of shop/help/content/, Markdown with front matter), so the server loads, checks, renders and indexes it as it
 * does the real one. The mix: titles from the questions shoppers ask, bodies of 120-400 words about the title's
 * subject (a third the shop's own sentences, the rest sentences naming the subject, now and then another), every
 * category and tag used, 4% drafts and 3% deleted (§5: never found).
 */
export function writeBenchKnowledgeBase(count = 1000, seed = 29): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kb-bench-'));
  mkdirSync(path.join(dir, 'articles'));
  for (const file of ['categories.yaml', 'tags.yaml']) copyFileSync(path.join('shop/help/content', file), path.join(dir, file));
  let state = seed;
  const random = () => {
    // xorshift32: the same base every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const categories = ['orders-shipping', 'subscriptions', 'formulas-ingredients', 'guarantee-returns', 'account-payments', 'gifts'];
  const tags = [
    'shipping',
    'delivery',
    'subscription',
    'billing',
    'ingredients',
    'guarantee',
    'refund',
    'gift-card',
    'account',
    'haircare',
    'skincare',
    'supplements',
    'accessories',
    'consultation',
  ];
  const things = [
    'shampoo',
    'conditioner',
    'hair mask',
    'leave-in',
    'curl cream',
    'styling gel',
    'hair oil',
    'dry shampoo',
    'scalp serum',
    'cleanser',
    'serum',
    'moisturizer',
    'supplements',
    'brush',
    'candle',
    'hair towel',
    'gift card',
    'subscription',
    'order',
    'parcel',
    'formula',
    'fragrance',
    'coupon',
    'address',
    'card',
  ];
  const questions = [
    (x: string) => `How do I change my ${x}?`,
    (x: string) => `When will my ${x} arrive?`,
    (x: string) => `Can I return my ${x}?`,
    (x: string) => `What is in the ${x}?`,
    (x: string) => `How to use your ${x}`,
    (x: string) => `Why is my ${x} late?`,
    (x: string) => `Skipping or snoozing a ${x}`,
    (x: string) => `Is the ${x} vegan and fragrance-free?`,
    (x: string) => `Paying for a ${x} with credit`,
    (x: string) => `The ${x} in Canada`,
  ];
  // The shop's own sentences (the real articles), then sentences about each product.
  const sentences = readdirArticles()
    .flatMap((text) => text.replace(/^---[\s\S]*?---/, '').split(/(?<=[.!?])\s+/))
    .map((s) => s.replace(/[#*|[\]()]/g, '').trim())
    .filter((s) => s.split(' ').length >= 5);
  // An article is about one thing, as a real one is: most sentences name it, a few name another.
  const productSentence = (thing: string) =>
    pick([
      (x: string) => `Your ${x} is made to order from your consultation answers.`,
      (x: string) => `Most shoppers use the ${x} two or three times a week.`,
      (x: string) => `A ${x} ordered with a subscription ships free and costs 15% less.`,
      (x: string) => `If your ${x} arrives damaged, write to us with a photo.`,
      (x: string) => `The ${x} is free of sulfates, parabens and mineral oil.`,
      (x: string) => `You can change the ${x} from your account before it is prepared.`,
      (x: string) => `We answer questions about the ${x} within one business day.`,
      (x: string) => `Keep the ${x} away from heat and direct sunlight.`,
      (x: string) => `The ${x} comes in recyclable packaging.`,
      (x: string) => `Tell us in your Review & Refine how the ${x} worked for you.`,
    ])(random() < 0.85 ? thing : pick(things));
  for (let i = 0; i < count; i++) {
    const thing = pick(things);
    const title = `${pick(questions)(thing)} (${i + 1})`;
    const paragraphs: string[] = [];
    let words = 0;
    const target = 120 + Math.floor(random() * 280);
    while (words < target) {
      const paragraph = Array.from({ length: 2 + Math.floor(random() * 3) }, () => (random() < 0.35 ? pick(sentences) : productSentence(thing))).join(' ');
      words += paragraph.split(' ').length;
      paragraphs.push(random() < 0.15 ? `## ${pick(questions)(thing)}\n\n${paragraph}` : paragraph);
    }
    const status = random() < 0.04 ? 'draft' : 'published';
    const deleted = random() < 0.03;
    const articleTags = [...new Set([pick(tags), pick(tags), ...(random() < 0.05 ? ['popular'] : [])])];
    const frontMatter = [
      '---',
      `id: bench-${i + 1}`,
      `title: "${title}"`,
      `slug: bench-article-${i + 1}`,
      `status: ${status}`,
      `tags: [${articleTags.join(', ')}]`,
      `categories: [${pick(categories)}]`,
      ...(deleted ? ['deleted: true'] : []),
      'updated: 2026-11-27',
      '---',
      '',
    ];
    writeFileSync(path.join(dir, 'articles', `bench-${i + 1}.md`), `${frontMatter.join('\n')}${paragraphs.join('\n\n')}\n`);
  }
  return dir;
}

/** The texts of the shop's real articles. */
function readdirArticles(): string[] {
  const dir = 'shop/help/content/articles';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}
