import { z } from 'zod';
import { giftOccasions } from '../gifts/gift-rules.ts';
import { faqItemSchema, reviewSchema } from './schema.ts';

/**
 * The content of the shop's own pages as an editor writes it in shop/content/site/<page>.yaml (issue 25): the home
 * page, the help page and the gift card page. Checked like the product pages (every object strict, every problem at
 * file:line:column: `npm run content:check`), compiled to JSON at build time (shop/content/content-plugin.ts).
 */
const text = z.string().min(1);
const path = z.string().regex(/^\/[a-z0-9/?=&#-]*$/, 'Expected a site path such as /consultation or /collections/haircare.');
const media = z.string().regex(/^\/media\/[\w-]+\.svg$/, 'Expected a picture under /media/, such as /media/card-shampoo.svg.');
const picture = z.strictObject({ src: media, alt: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
const metaDescription = z
  .string()
  .min(50, 'Expected a meta description of at least 50 characters.')
  .max(160, 'Expected a meta description of at most 160 characters.');
const link = z.strictObject({ label: text, to: path });

/** The collections the home page can show: their "from" price is the lowest of their products in the catalogue. */
export const homeCollections = ['haircare', 'skincare', 'accessories'] as const;

const homeHero = z.strictObject({
  eyebrow: text,
  title: text,
  description: text,
  cta: link,
  secondary: link.optional(),
  picture,
});

export const homeSchema = z.strictObject({
  title: text,
  metaDescription,
  hero: homeHero,
  /** Shown instead of `hero` while the holiday-exclusive-hero flag is on (spec 001 §9 Feature flags); none, none shown. */
  holidayHero: homeHero.optional(),
  /** What the shop does and how: consultation, formula, delivery, review & refine. */
  steps: z.strictObject({
    title: text,
    items: z
      .array(z.strictObject({ title: text, text }))
      .min(3, 'Expected at least three steps.')
      .max(5, 'Expected at most five steps.'),
  }),
  collections: z.strictObject({
    title: text,
    items: z
      .array(z.strictObject({ collection: z.enum(homeCollections), title: text, text, picture }))
      .min(1)
      .refine((items) => new Set(items.map((i) => i.collection)).size === items.length, 'Expected each collection once.'),
  }),
  guarantee: z.strictObject({ title: text, text, link }),
  reviews: z.strictObject({ title: text, reviews: z.array(reviewSchema).min(1).max(6) }),
  cta: z.strictObject({ title: text, text, link }),
});

/** The gift card page, /gift (spec 001 §2 "Gift card landing page"; shop/gifts/README.md). */
export const giftSchema = z.strictObject({
  title: text,
  metaDescription,
  hero: z.strictObject({ eyebrow: text, title: text, description: text, cta: text, picture }),
  /** How it works, in three steps. */
  steps: z.strictObject({
    title: text,
    items: z.array(z.strictObject({ title: text, text })).length(3, 'Expected three steps.'),
  }),
  /** "Choose your gift amount": what a gift card buys (links to the collections), then the form. */
  amounts: z.strictObject({
    title: text,
    text,
    buys: z
      .array(z.strictObject({ title: text, text, link, picture }))
      .min(1)
      .max(4),
  }),
  /** Each occasion once, in the order the form offers them, with its readable label and its default message. */
  occasions: z
    .array(z.strictObject({ occasion: z.enum(giftOccasions), label: text, message: text.max(500, 'Expected a message of at most 500 characters.') }))
    .length(giftOccasions.length, `Expected the four occasions: ${giftOccasions.join(', ')}.`)
    .refine((items) => new Set(items.map((i) => i.occasion)).size === items.length, 'Expected each occasion once.'),
  press: z.strictObject({
    title: text,
    quotes: z
      .array(z.strictObject({ quote: text, source: text }))
      .min(1)
      .max(6),
  }),
  faq: z.strictObject({ title: text, questions: z.array(faqItemSchema).min(1) }),
});

export type HomeContent = z.infer<typeof homeSchema>;
export type GiftContent = z.infer<typeof giftSchema>;

/** Each site page's file and its schema. */
export const sitePages = { home: homeSchema, gift: giftSchema } as const;
export type SitePage = keyof typeof sitePages;
