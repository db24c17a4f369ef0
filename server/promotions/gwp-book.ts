/**
 * @module server/promotions/gwp-book: the shop's gifts with purchase (gifts-with-purchase.yaml, an editor's file; spec
 * 001 §3 "Promotional gift", §9 "Gift-with-purchase variants"), read and checked once with every problem at
 * file:line:column, like coupons.yaml. Which carts get one and which shoppers see them: gwp-rules.ts, gwp-offers.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CURRENCIES, type Currency } from '#api/money';
import { GWP_VARIANTS, type GwpVariant } from '#api';
import { readDataSource } from '#engine/compiler';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';
import { COUPON_CATEGORIES, type CouponCategory } from './coupon-book';

/** A gift with purchase as the file gives it, checked: cents are integers, instants parsed. */
export interface Promotion {
  /** One of §9's 14 variants: names the promotion (and the gift's cart line's product). */
  variant: GwpVariant;
  /** The free item's name. */
  label: string;
  banner: string;
  showBanner: boolean;
  starts: Date | null;
  ends: Date | null;
  /** The cart lines that count: one category's, accessories ('others' in the catalogue), or any. */
  category: CouponCategory;
  /** Cents per currency the lines that count must reach; null: any amount (at least one line). */
  minimum: Partial<Record<Currency, number>> | null;
  subscriptionOnly: boolean;
  /** The free item: a catalogue product type (its label and picture), or a picture with the label above. */
  item: { product: string } | { picture: string };
}

const cents = z.number().int('Expected whole cents, such as 6500 for $65.').positive('Expected more than 0 cents.');
const perCurrency = z
  .object(Object.fromEntries(CURRENCIES.map((c) => [c, cents.optional()])) as Record<Currency, z.ZodOptional<typeof cents>>)
  .strict()
  .refine((o) => Object.keys(o).length > 0, 'Expected cents for at least one currency, such as { USD: 6500 }.');
const instant = z
  .string()
  .datetime({ offset: true, message: 'Expected an ISO instant in quotes, such as "2026-11-27T05:00:00Z".' })
  .transform((s) => new Date(s));
const text = (max: number) => z.string().trim().min(1, 'Expected some text.').max(max, `Expected at most ${max} characters.`);

const promotionSchema = z
  .object({
    offered_variant_type: z.enum(GWP_VARIANTS, { message: `Expected one of §9's variants: ${GWP_VARIANTS.join(', ')}.` }),
    label: text(60),
    banner: text(140),
    show_banner: z.boolean().default(true),
    starts: instant.optional(),
    ends: instant.optional(),
    category: z.enum(COUPON_CATEGORIES, { message: `Expected one of ${COUPON_CATEGORIES.join(', ')}.` }).default('any'),
    minimum: perCurrency.optional(),
    subscription_only: z.boolean().default(false),
    item: z.union(
      [
        z.object({ product: z.string().regex(/^[a-z][a-z0-9_]*$/, 'Expected a catalogue product type, such as hair_towel_wrap.') }).strict(),
        z.object({ picture: z.string().regex(/^\/media\/[a-z0-9-]+\.(svg|png|jpg|webp)$/, 'Expected a picture such as /media/card-brush.svg.') }).strict(),
      ],
      { message: 'Expected { product: <catalogue type> } or { picture: /media/<file> }.' },
    ),
  })
  .strict();
const fileSchema = z.array(promotionSchema);

/** Checks the file's text: each promotion's fields, each variant used once, ends after starts. */
export function compilePromotions(source: string, file: string): CompiledTable<Promotion[]> {
  const read = readDataSource(source, file, fileSchema);
  const problems = [...read.problems];
  const seen = new Set<string>();
  const promotions = (read.data ?? []).map((p, index): Promotion => {
    if (seen.has(p.offered_variant_type))
      problems.push({ location: read.at([index, 'offered_variant_type']), message: `The variant "${p.offered_variant_type}" is used twice.` });
    seen.add(p.offered_variant_type);
    if (p.starts && p.ends && p.ends <= p.starts) problems.push({ location: read.at([index, 'ends']), message: 'Expected ends after starts.' });
    return {
      variant: p.offered_variant_type,
      label: p.label,
      banner: p.banner,
      showBanner: p.show_banner,
      starts: p.starts ?? null,
      ends: p.ends ?? null,
      category: p.category,
      minimum: p.minimum ?? null,
      subscriptionOnly: p.subscription_only,
      item: p.item,
    };
  });
  return read.data && problems.length === 0 ? { table: promotions, problems } : { problems };
}

export const PROMOTIONS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gifts-with-purchase.yaml');

let loaded: Promotion[] | undefined;

/** The shop's gifts with purchase in the file's order (its priority), read and checked once. */
export function promotionBook(): readonly Promotion[] {
  loaded ??= loadDataFile('gifts-with-purchase file', PROMOTIONS_FILE, compilePromotions);
  return loaded;
}

/** Replaces the book (tests), or puts the file's back (no argument). The server itself never calls it. */
export function replacePromotionBook(book?: readonly Promotion[]): void {
  loaded = book ? [...book] : undefined;
}
