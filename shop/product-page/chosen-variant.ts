import { useSearchParams } from 'react-router';
import type { Product } from '#api';
import { brushVariants } from '../catalog/assembly.ts';

export type Variant = Product['variants'][number];

/**
 * The variant a product page shows (the brush's bristles, the candle's fragrance): the one `?variant=<slug>` names,
 * else the first by order (spec 001 §2 /products/brushes?variant={variantSlug}, §9 brush variants). The URL is the one
 * place it is kept, so the hero's price, the variant heroes and the buy box always agree.
 */
export function useChosenVariant(product: Product | undefined): { variant: Variant | undefined; choose(slug: string): void } {
  const [search, setSearch] = useSearchParams();
  const variants = product ? brushVariants(product.variants) : [];
  const variant = variants.find((v) => v.slug === search.get('variant')) ?? variants[0];
  return {
    variant,
    choose: (slug) => setSearch((current) => ({ ...Object.fromEntries(current), variant: slug }), { replace: true, preventScrollReset: true }),
  };
}
