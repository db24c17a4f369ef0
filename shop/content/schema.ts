import { z } from 'zod';

/**
 * The content of a product page as an editor writes it in shop/content/pages/<slug>.yaml: the page's
 * title and meta description, its product, and its modules in the order the page shows them (spec §3
 * "Content entities"). Every object is strict so a mistyped key is reported, not silently ignored.
 */

const text = z.string().min(1);
const productType = z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'Expected a catalogue product type such as hair_mask.');
const path = z.string().regex(/^\/[a-z0-9/?=&-]*$/, 'Expected a site path such as /consultation/skincare.');
const image = z.strictObject({ src: text, alt: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
const responsiveImage = z.strictObject({ mobile: text, desktop: text, tablet: text.optional() });

/** A shopper's review (§3 "Review"): stars 1 to 5, date as M/D/YYYY. */
export const reviewSchema = z.strictObject({
  name: text,
  date: z.string().regex(/^\d{1,2}\/\d{1,2}\/(\d{2}|\d{4})$/, 'Expected a date as M/D/YYYY or M/D/YY.'),
  location: text,
  stars: z.number().int().min(1).max(5),
  text,
});

/** A question and its answer; the answer may hold links as [text](/path). */
export const faqItemSchema = z.strictObject({ question: text, answer: text });

const heroSlide = z.strictObject({ src: responsiveImage, alt: z.string(), title: text.optional(), subtitle: text.optional() });
const accordionItem = z.strictObject({
  id: z.enum(['custom', 'scientificResults', 'exclusiveFragrances']),
  title: text,
  content: z.array(z.strictObject({ title: text, description: text })).min(1),
});
/** A claim's figure: a percentage (80 -> "80%") or a multiple (3 -> "3x"). */
const numberItem = z.strictObject({ number: z.number().positive(), unit: z.enum(['%', 'x']).default('%'), label: text, disclaimer: text.optional() });
const formulaIngredient = z.strictObject({ image: text, name: text, benefit: text });

/** Every module a page can show, told apart by `type`. */
export const moduleSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('hero'),
    title: text,
    description: text,
    slides: z.array(heroSlide).min(1),
    cta: text.optional(),
    /** Where the call to action goes: the haircare consultation unless given (skincare pages: /consultation/skincare). */
    ctaTo: path.optional(),
  }),
  z.strictObject({ type: z.literal('ticker'), claims: z.array(text).min(1) }),
  z.strictObject({ type: z.literal('reviews'), title: text, description: text.optional(), reviews: z.array(reviewSchema).min(1) }),
  z.strictObject({ type: z.literal('faq'), title: text, questions: z.array(faqItemSchema).min(1) }),
  z.strictObject({ type: z.literal('accordion'), items: z.array(accordionItem).min(1) }),
  z.strictObject({
    type: z.literal('how-to-use'),
    label: text,
    title: text,
    description: text,
    amount: text,
    steps: z.array(text).min(1),
    video: text.optional(),
    poster: image,
  }),
  z.strictObject({
    type: z.literal('ingredients'),
    title: text,
    subtitle: text.optional(),
    cards: z.array(z.strictObject({ ingredientName: text, description: text, image })).min(1),
  }),
  z.strictObject({ type: z.literal('sample-formula'), title: text, ingredients: z.array(formulaIngredient).min(1) }),
  z.strictObject({ type: z.literal('pro-tip'), background: z.enum(['rouge', 'vert', 'noir']), number: text, description: text }),
  z.strictObject({ type: z.literal('image-carousel'), images: z.array(image).min(1) }),
  z.strictObject({ type: z.literal('no-list'), title: text, description: text }),
  z.strictObject({ type: z.literal('numbers'), title: text.optional(), items: z.array(numberItem).min(1), disclaimer: text.optional() }),
  z.strictObject({ type: z.literal('text-image'), title: text, description: text, image: responsiveImage, alt: z.string() }),
  z.strictObject({ type: z.literal('video'), video: text, poster: responsiveImage, fallback: image }),
  z.strictObject({ type: z.literal('consultation-cta'), title: text, label: text, to: text }),
  z.strictObject({
    type: z.literal('formula'),
    header: text,
    description: text,
    hero: z.strictObject({ imageDesktop: text, imageMobile: text, alt: z.string() }),
  }),
  z.strictObject({
    type: z.literal('before-after'),
    title: text,
    pairs: z.array(z.strictObject({ label: text, before: image, after: image })).min(1),
    disclaimer: text.optional(),
  }),
  z.strictObject({ type: z.literal('experts'), title: text, experts: z.array(z.strictObject({ name: text, role: text, quote: text, image })).min(1) }),
  z.strictObject({
    type: z.literal('personas'),
    title: text,
    cards: z
      .array(
        z.strictObject({
          name: text,
          age: z.number().int().min(18).max(100),
          zip: z.string().regex(/^\d{5}$/, 'Expected a five-digit zip code in quotes, such as "80202".'),
          concerns: z.array(text).min(1),
          environment: text,
          ingredients: z.array(z.strictObject({ label: text, description: text, image })).min(1),
        }),
      )
      .min(1),
  }),
  z.strictObject({
    type: z.literal('sustainability'),
    title: text,
    description: text,
    facts: z.array(text).default([]),
    /** The benefit-corporation logo and the climate logo (spec 001 §2 Hair Towel Wrap). */
    logos: z.array(image).length(2, 'Expected the two certification logos.'),
  }),
  z.strictObject({ type: z.literal('monogram'), title: text, description: text }),
  z.strictObject({ type: z.literal('metrics'), label: text, items: z.array(z.strictObject({ value: text, label: text })).min(1) }),
  z.strictObject({
    type: z.literal('variant-heroes'),
    label: text,
    variants: z
      .array(
        z.strictObject({
          slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected a variant slug in lower-case-with-dashes.'),
          order: z.number().int().min(1),
          title: text,
          description: text,
          image,
        }),
      )
      .min(1),
  }),
  z.strictObject({ type: z.literal('skincare-cta'), title: text, product: text }),
  /** "Complete your haircare routine" (skincare: "... skincare routine"): the catalogue's cards of these types, in this order. */
  z.strictObject({ type: z.literal('product-carousel'), title: text, products: z.array(productType).min(1) }),
  /** "Discover more" (spec 001 §9): products from `allowed`, minus `excluded`, minus the page's own. */
  z.strictObject({ type: z.literal('discover-more'), title: text, allowed: z.array(productType).min(1), excluded: z.array(productType).default([]) }),
]);

/** One product page. */
export const pageSchema = z.strictObject({
  title: text,
  metaDescription: z
    .string()
    .min(50, 'Expected a meta description of at least 50 characters.')
    .max(160, 'Expected a meta description of at most 160 characters.'),
  product: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected a product slug in lower-case-with-dashes.'),
  modules: z.array(moduleSchema).min(1),
  /** false: the hero shows no price (the hair density set is priced with the shopper's formulas). */
  showPrice: z.boolean().default(true),
  /**
   * true: the page sells its product itself (an accessory, ready-made): the buy box (variant, quantity, Add to cart)
   * follows the hero, and what comes after waits for the catalogue, so nothing moves when it arrives.
   */
  addToCart: z.boolean().default(false),
});

export type PageContent = z.infer<typeof pageSchema>;
export type PageModule = z.infer<typeof moduleSchema>;
/** The module types, for "did you mean" on a mistyped `type`. */
export const moduleTypes: readonly string[] = moduleSchema.options.map((o) => o.shape.type.value);
