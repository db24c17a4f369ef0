/**
 * @module api/catalogue-file: the catalogue as its editors write it (shop/catalog/products.yaml), checked. Every
 * product the shop sells (spec 001 §1, §9): type, category, prices per currency, ranks, variants, content. The server
 * loads it into the database at start (server/catalog/); `npm run content:check` checks it with the page files, and
 * every problem is reported at file:line:column.
 *
 * Prices are written as an editor reads them (32, 24.65) and become integer cents here; a price with more than two
 * decimals is refused rather than rounded.
 */
import { z } from 'zod';
import { didYouMean, readDataSource, type DataProblem } from '#engine/compiler';
import { productCategories } from './categories';

import { CURRENCIES, type Currency } from './money';

/** The currencies every price is given in (spec 001 §9 Countries: US -> USD, CA -> CAD): api/money.ts. */
export { CURRENCIES, type Currency };

/** The subscription saving when a product names none (spec 001 §9: subscription_discount default 0.15). */
export const DEFAULT_SUBSCRIPTION_DISCOUNT = 0.15;

const text = z.string().min(1);
const slug = z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'Expected a product type in lower_case_with_underscores.');

/** A price in the currency's units (32 or 24.65), kept as integer cents. */
const amount = z
  .number({
    error: (issue) =>
      issue.input === undefined ? `Expected a price in every currency: ${CURRENCIES.join(' and ')}.` : 'Expected a price as a number, such as 32 or 24.65.',
  })
  .positive('Expected a price above 0.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Expected at most two decimals (cents).')
  .transform((n) => Math.round(n * 100));

/** One amount per currency; every currency must be there. */
const prices = z.strictObject({ USD: amount, CAD: amount });

const picture = z.strictObject({ src: text, alt: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });

/** A variant (the brush's bristles, the candle's fragrance): its own type, order on the page, and price when it differs. */
const variant = z.strictObject({
  type: slug,
  /** The variant's slug in the page's ?variant= link. */
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected a variant slug in lower-case-with-dashes.'),
  label: text,
  description: text.optional(),
  order: z.number().int().min(1),
  price: prices.optional(),
  sold_out: z.boolean().default(false),
});

/** The product categories (api/categories.ts). */
export const catalogueCategories = productCategories;
export const catalogueSubCategories = ['supplements', 'topicals', 'tools', 'lifestyle'] as const;

const product = z.strictObject({
  type: slug,
  label: text,
  category: z.enum(catalogueCategories),
  sub_category: z.enum(catalogueSubCategories).optional(),
  is_custom: z.boolean(),
  is_subscribable: z.boolean(),
  price: prices,
  /** When left out: the price less `subscription_discount` for a subscribable product, else the price. */
  subscribed_price: prices.optional(),
  subscription_discount: z.number().min(0).max(0.9).optional(),
  ranks: z.record(z.string().regex(/^[a-z_]+$/), z.number()).default({}),
  /** false: sold only through an offer, a set or a recommendation, never shown in a collection. */
  listed: z.boolean().default(true),
  sold_out: z.boolean().default(false),
  /** Accessories' display order in listings (spec 001 §9: towel 0, candle 1, brush 2, gift 3). */
  display_order: z.number().int().min(0).optional(),
  tag: z.enum(['new', 'bestseller']).optional(),
  page_url: z
    .string()
    .regex(/^\/[a-z0-9/-]*(\?[a-z=-]+)?$/, 'Expected a site path such as /products/custom-shampoo.')
    .optional(),
  picture,
  capacity: text.optional(),
  usage: text.optional(),
  description: text,
  key_benefits: z.array(text).default([]),
  disclaimer: text.optional(),
  variants: z.array(variant).default([]),
});

/** The recommendation sections (spec 001 §9) and the titles the cart shows for them. */
export const cartSectionNames = ['preselect', 'main', 'upsale', 'featured', 'optional', 'inadvisable', 'preview'] as const;

export const catalogueFileSchema = z.strictObject({
  cart_sections: z.strictObject(Object.fromEntries(cartSectionNames.map((name) => [name, text])) as Record<(typeof cartSectionNames)[number], typeof text>),
  products: z.array(product).min(1),
});

type FileProduct = z.output<typeof product>;
type FileVariant = z.output<typeof variant>;

/** A variant as loaded: its prices always set (the product's when it names none). */
export interface CatalogueVariant extends Omit<FileVariant, 'price'> {
  price: Record<Currency, number>;
}

/** A product as loaded: prices in cents, the subscribed price worked out. */
export interface CatalogueProduct extends Omit<FileProduct, 'subscribed_price' | 'subscription_discount' | 'variants'> {
  subscribed_price: Record<Currency, number>;
  subscription_discount: number;
  variants: CatalogueVariant[];
}

export interface Catalogue {
  cartSections: Record<(typeof cartSectionNames)[number], string>;
  products: CatalogueProduct[];
}

/**
 * The subscribed price of `price` cents at `discount` off, rounded half up to the cent (spec 001 §9: 29 at 15% off is
 * 24.65).
 */
export function subscribedCents(price: number, discount: number): number {
  return Math.round(price * (1 - discount) + 1e-9);
}

/**
 * Reads the catalogue file's text (printed as `file`) into a checked catalogue, or every problem at its
 * file:line:column: the schema's, a type used twice (with "did you mean" for a variant pointing at nothing), a variant
 * order used twice.
 * @example const { catalogue, problems } = checkCatalogueSource(text, 'shop/catalog/products.yaml')
 */
export function checkCatalogueSource(text: string, file: string): { catalogue?: Catalogue; problems: DataProblem[] } {
  const source = readDataSource(text, file, catalogueFileSchema);
  if (!source.data) return { problems: source.problems.map((problem) => withSuggestion(problem, text)) };
  const problems: DataProblem[] = [];
  const seen = new Set<string>();
  source.data.products.forEach((p, i) => {
    const check = (type: string, path: (string | number)[]) => {
      if (seen.has(type)) problems.push({ location: source.at(path), message: `The type "${type}" is used twice; every product and variant needs its own.` });
      seen.add(type);
    };
    check(p.type, ['products', i, 'type']);
    const orders = new Set<number>();
    p.variants.forEach((v, j) => {
      check(v.type, ['products', i, 'variants', j, 'type']);
      if (orders.has(v.order))
        problems.push({ location: source.at(['products', i, 'variants', j, 'order']), message: `Two variants of "${p.type}" have order ${v.order}.` });
      orders.add(v.order);
    });
    if (!p.is_subscribable && p.subscribed_price) {
      problems.push({
        location: source.at(['products', i, 'subscribed_price'], true),
        message: `"${p.type}" is not subscribable: leave subscribed_price out.`,
      });
    }
  });
  if (problems.length > 0) return { problems };
  return { catalogue: { cartSections: source.data.cart_sections, products: source.data.products.map(loadProduct) }, problems };
}

const knownKeys = [
  ...Object.keys(catalogueFileSchema.shape),
  ...Object.keys(product.shape),
  ...Object.keys(variant.shape),
  ...Object.keys(picture.shape),
  ...CURRENCIES,
];

/** A mistyped key or option: name the closest known one ("did you mean"). */
function withSuggestion(problem: DataProblem, text: string): DataProblem {
  const line = text.split('\n')[problem.location.line - 1] ?? '';
  const unknown = /^Unknown key\(s\): ([^,.]+)/.exec(problem.message);
  if (unknown) {
    const guess = didYouMean(unknown[1]!, knownKeys);
    return guess ? { ...problem, message: `${problem.message} Did you mean "${guess}"?` } : problem;
  }
  if (/^Invalid option/.test(problem.message)) {
    const options = [...problem.message.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const found = /^[\w-]+/.exec(line.slice(problem.location.column - 1))?.[0];
    const guess = found ? didYouMean(found, options) : undefined;
    return guess ? { ...problem, message: `Unknown value "${found}". Did you mean "${guess}"? Expected one of: ${options.join(', ')}.` } : problem;
  }
  return problem;
}

function loadProduct(p: FileProduct): CatalogueProduct {
  const discount = p.is_subscribable ? (p.subscription_discount ?? DEFAULT_SUBSCRIPTION_DISCOUNT) : 0;
  const subscribed = p.subscribed_price ?? (Object.fromEntries(CURRENCIES.map((c) => [c, subscribedCents(p.price[c], discount)])) as Record<Currency, number>);
  return {
    ...p,
    subscribed_price: subscribed,
    subscription_discount: discount,
    variants: [...p.variants].sort((a, b) => a.order - b.order).map((v) => ({ ...v, price: v.price ?? p.price })),
  };
}

/** The known product types, for a "did you mean" where another file names one (a page's product, an order line). */
export function suggestType(found: string, catalogue: Catalogue): string | undefined {
  return didYouMean(
    found,
    catalogue.products.flatMap((p) => [p.type, ...p.variants.map((v) => v.type)]),
  );
}
