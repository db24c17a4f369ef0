/**
 * @module shop/tracking/cta-attributes: marks a product-preselect call to action (spec 001 §7 breadcrumbs cta_click:
 * `{product, cta_type: "product_preselect", cta_location, product_category}`). The page's one click listener
 * (app/tracking/app-tracking.tsx) sends the click; a component only says what it is.
 * @example <Link to={url} {...productPreselectCta({ product: 'brush', category: 'accessories', location: 'collection' })}>
 */
export function productPreselectCta(cta: { product: string; category: string; location: string }) {
  return {
    'data-cta': 'product_preselect',
    'data-cta-product': cta.product,
    'data-cta-category': cta.category,
    'data-cta-location': cta.location,
  } as const;
}
