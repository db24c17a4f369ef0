import type { Product } from '#api';

/**
 * @module shop/catalog/assembly: how the shop turns the catalogue into what a shopper browses (spec 001 §3 Product card,
 * §9 Catalogue assembly): which products each collection holds, their order, the cards' prices, and the brush's
 * variants. Pure functions of the catalogue's products, so every rule is tested on its own.
 */

export type CollectionName = 'haircare' | 'skincare' | 'accessories';
export const COLLECTIONS: readonly CollectionName[] = ['haircare', 'skincare', 'accessories'];

/** A product as a collection shows it (spec 001 §3 Product card). */
export interface ProductCard {
  slug: string;
  label: string;
  category: Product['category'];
  currency: Product['currency'];
  regularPrice: number;
  priceWithSubscription: number;
  isSubscribable: boolean;
  isCustom: boolean;
  /** Skincare cards carry 'clicked' for the collection's click tracking (spec 001 §3). */
  dataClickOnCollection?: 'clicked';
  pageUrl: string | null;
  picture: Product['picture'];
  tag: string | null;
  soldOut: boolean;
  description: string | null;
  /** The brush: its price is "from" the lowest variant's. */
  fromPrice: boolean;
}

/** A collection's entry: a product's card, or the promotional card (spec 001 §2 Collections). */
export type CollectionEntry = { kind: 'product'; card: ProductCard } | { kind: 'promotion' };

/** The price when a brush has no variant to take it from (spec 001 §9 Accessories: 72). */
export const DEFAULT_BRUSH_PRICE = 72;

/** Spec 001 §3 Category rules: haircare is category haircare with no sub-category or topicals; skincare the same. */
export function isHaircareTopical(p: Pick<Product, 'category' | 'sub_category'>): boolean {
  return p.category === 'haircare' && (p.sub_category === null || p.sub_category === 'topicals');
}
export function isSkincareTopical(p: Pick<Product, 'category' | 'sub_category'>): boolean {
  return p.category === 'skincare' && (p.sub_category === null || p.sub_category === 'topicals');
}
/** Spec 001 §3: supplements is either a category or a sub-category. */
export function isSupplements(p: { category: string; sub_category: string | null }): boolean {
  return p.category === 'supplements' || p.sub_category === 'supplements';
}

/**
 * Spec 001 §9 Catalogue assembly, membership: haircare = haircare products with sub_category supplements or topicals;
 * skincare = every skincare product; accessories = category others, or haircare with sub_category tools.
 */
export function belongsTo(collection: CollectionName, p: Pick<Product, 'category' | 'sub_category'>): boolean {
  switch (collection) {
    case 'haircare':
      return p.category === 'haircare' && (p.sub_category === 'supplements' || p.sub_category === 'topicals');
    case 'skincare':
      return p.category === 'skincare';
    case 'accessories':
      return p.category === 'others' || (p.category === 'haircare' && p.sub_category === 'tools');
  }
}

/**
 * Spec 001 §9: sort by a rank type (ranks.pdp by default) descending, a missing rank counting as -1, then by type
 * ascending. Returns a new array.
 */
export function sortByRank<T extends Pick<Product, 'type' | 'ranks'>>(products: readonly T[], rank = 'pdp'): T[] {
  const of = (p: T) => p.ranks[rank] ?? -1;
  return [...products].sort((a, b) => of(b) - of(a) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

/** Spec 001 §9: a list with supplement_core, conditioner and shampoo first, in that priority; the rest keep their order. */
export const PRIORITY_TYPES = ['supplement_core', 'conditioner', 'shampoo'] as const;
export function withPriorityFirst<T extends Pick<Product, 'type'>>(products: readonly T[]): T[] {
  const first = PRIORITY_TYPES.flatMap((type) => products.filter((p) => p.type === type));
  return [...first, ...products.filter((p) => !(PRIORITY_TYPES as readonly string[]).includes(p.type))];
}

/** Spec 001 §9: a brush's variants in their `order`, and its regular price the lowest variant's (or the default). */
export function brushVariants<V extends { order: number }>(variants: readonly V[]): V[] {
  return [...variants].sort((a, b) => a.order - b.order);
}
export function lowestVariantPrice(variants: readonly { price: number }[], fallback = DEFAULT_BRUSH_PRICE): number {
  return variants.length === 0 ? fallback : Math.min(...variants.map((v) => v.price));
}

/**
 * Spec 001 §3 Product card, from a product: currency defaults to USD and category to haircare when missing; the
 * subscription price is the subscribed price, except for others/tools products where it is the price.
 */
export function productCard(p: Product): ProductCard {
  const category = p.category ?? 'haircare';
  const isBrush = p.type === 'brush';
  const regularPrice = isBrush ? lowestVariantPrice(p.variants) : p.price;
  const tools = category === 'others' || p.sub_category === 'tools';
  return {
    slug: p.type,
    label: p.label,
    category,
    currency: p.currency ?? 'USD',
    regularPrice,
    priceWithSubscription: tools ? regularPrice : p.subscribed_price,
    isSubscribable: p.is_subscribable,
    isCustom: p.is_custom,
    ...(category === 'skincare' ? { dataClickOnCollection: 'clicked' as const } : {}),
    pageUrl: p.page_url,
    picture: p.picture,
    tag: p.tag,
    soldOut: p.sold_out,
    description: p.description,
    fromPrice: isBrush && new Set(p.variants.map((v) => v.price)).size > 1,
  };
}

/**
 * A collection's entries (spec 001 §2 Collections, §9 Catalogue assembly): the listed products that belong to it;
 * accessories in their display order (towel, candle, brush, gift), the others by rank; in haircare the promotional
 * card comes right after scalp_serum.
 */
export function collectionEntries(collection: CollectionName, products: readonly Product[]): CollectionEntry[] {
  const members = products.filter((p) => p.listed && belongsTo(collection, p));
  const ordered =
    collection === 'accessories'
      ? [...members].sort((a, b) => (a.display_order ?? Number.MAX_SAFE_INTEGER) - (b.display_order ?? Number.MAX_SAFE_INTEGER) || a.type.localeCompare(b.type))
      : sortByRank(members);
  const entries: CollectionEntry[] = [];
  for (const p of ordered) {
    entries.push({ kind: 'product', card: productCard(p) });
    if (collection === 'haircare' && p.type === 'scalp_serum') entries.push({ kind: 'promotion' });
  }
  return entries;
}

/** Spec 001 §9 "Discover more": products from an allowed set, minus an excluded set, minus the current product. */
export function discoverMore<T extends Pick<Product, 'type'>>(
  products: readonly T[],
  options: { allowed: readonly string[]; excluded?: readonly string[]; current: string },
): T[] {
  const excluded = new Set([...(options.excluded ?? []), options.current]);
  return products.filter((p) => options.allowed.includes(p.type) && !excluded.has(p.type));
}

/** The product a page shows: the one whose page is at `path` (/products/custom-shampoo), if any. */
export function productAtPage(products: readonly Product[], path: string): Product | undefined {
  return products.find((p) => p.page_url === path);
}
