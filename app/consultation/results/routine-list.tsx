import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductRecommendation } from '#api';
import { ROUTINE_SECTIONS } from '#api/commerce';
import { ProductPicture } from '../../../ui/product-picture';
import { sentence } from './sentence';

/** A product's picture as the catalogue gives it. */
export interface RoutinePicture {
  src: string;
  width: number;
  height: number;
}

/** How the routine's sections read to the shopper; `preview` is not shown. */
const groups: { title: string; sections: ProductRecommendation['section'][] }[] = [
  // The recommendation cart of "Get your routine" holds exactly these (spec 001 §4 Cart).
  { title: 'Your routine', sections: [...ROUTINE_SECTIONS] },
  { title: 'Could also help', sections: ['upsale', 'featured'] },
  { title: 'Also made for you', sections: ['optional'] },
  { title: 'Not for you right now', sections: ['inadvisable'] },
];

/** What a routine product may draw beyond its name and why: never given an inadvisable product. */
type ProductPart = (product: ProductRecommendation) => ReactNode;

/**
 * The recommended routine (issue 4 point 7), grouped by section (h3), each product (h4) with why. `details` draws
 * what is in a product (its formula, with headings from h5); `action` what it offers (the shop's "add to cart").
 * Inadvisable products get neither, nor a link to their page.
 */
export function RoutineList({
  recommendations,
  details,
  action,
  pageOf,
  pictureOf,
  name,
}: {
  recommendations: readonly ProductRecommendation[];
  details?: ProductPart;
  action?: ProductPart;
  /** The product's page (spec 001 §2 Product pages), when the catalogue has one: the product's name links to it. */
  pageOf?: (product: string) => string | null | undefined;
  /**
   * The product's picture (the catalogue's), drawn beside its name with the shopper's `name` on a custom product's label.
   * Its box is kept while the catalogue loads, so nothing moves when the picture comes.
   */
  pictureOf?: (product: string) => RoutinePicture | null | undefined;
  name?: string | undefined;
}) {
  return (
    <div className="routine">
      {groups.map((group) => {
        const products = recommendations.filter((p) => group.sections.includes(p.section));
        if (products.length === 0) return null;
        const id = `routine-${group.sections[0]}`;
        return (
          <section key={group.title} className={`routine__group routine__group--${group.sections[0]}`} aria-labelledby={id}>
            <h3 id={id}>{group.title}</h3>
            <ul className="routine__products">
              {products.map((p) => (
                <li key={p.product} className={`routine__product${pictureOf ? ' routine__product--pictured' : ''}`}>
                  {pictureOf ? <span className="thumbnail routine__picture">{picture(pictureOf(p.product), name)}</span> : null}
                  <div className="routine__text">
                    <h4 className="routine__name">{pageLink(p, pageOf?.(p.product))}</h4>
                    <span className="routine__why">{sentence(p.because)}</span>
                    {details && p.section !== 'inadvisable' ? details(p) : null}
                    {action && p.section !== 'inadvisable' ? action(p) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A product's name, linked to its page when it has one (never an inadvisable product's: it is not for sale to them). */
function pageLink(product: ProductRecommendation, page: string | null | undefined): ReactNode {
  return page && product.section !== 'inadvisable' ? <Link to={page}>{product.label}</Link> : product.label;
}

/** The picture beside a product's name: decorative (the name says what it is), with the shopper's name on its label. */
function picture(shown: RoutinePicture | null | undefined, name: string | undefined): ReactNode {
  return shown ? <ProductPicture src={shown.src} alt="" width={shown.width} height={shown.height} label={name} /> : null;
}
