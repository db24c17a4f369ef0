import type { ReactNode } from 'react';
import type { ProductRecommendation } from '#api';

/** How the routine's sections read to the shopper; `preview` is not shown. */
const groups: { title: string; sections: ProductRecommendation['section'][] }[] = [
  { title: 'Your routine', sections: ['preselect', 'main'] },
  { title: 'Could also help', sections: ['upsale', 'featured'] },
  { title: 'Also made for you', sections: ['optional'] },
  { title: 'Not for you right now', sections: ['inadvisable'] },
];

/**
 * The recommended routine (issue 4 point 7), grouped by section, each product with why. `action` draws what
 * a product offers (the shop's "add to cart"); inadvisable products never get one.
 */
export function RoutineList({ recommendations, action }: { recommendations: readonly ProductRecommendation[]; action?: (product: ProductRecommendation) => ReactNode }) {
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
                <li key={p.product} className="routine__product">
                  <span className="routine__name">{p.label}</span>
                  <span className="routine__why">{capitalize(p.because)}.</span>
                  {action && p.section !== 'inadvisable' ? action(p) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
