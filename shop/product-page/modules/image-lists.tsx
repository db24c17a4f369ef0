import type { ModuleOf } from './module-types.ts';

/** Key ingredients, each with a picture and what it does. */
export function Ingredients({ module }: { module: ModuleOf<'ingredients'> }) {
  return (
    <section className="pp-ingredients">
      <h2>{module.title}</h2>
      {module.subtitle ? <p>{module.subtitle}</p> : null}
      <ul>
        {module.cards.map((card) => (
          <li key={card.ingredientName}>
            <img src={card.image.src} alt={card.image.alt} width={card.image.width} height={card.image.height} loading="lazy" />
            <h3>{card.ingredientName}</h3>
            <p>{card.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A sample formula: its ingredients and what each brings. */
export function SampleFormula({ module }: { module: ModuleOf<'sample-formula'> }) {
  return (
    <section className="pp-sample-formula">
      <h2>{module.title}</h2>
      <ul>
        {module.ingredients.map((i) => (
          <li key={i.name}>
            <strong>{i.name}</strong>: {i.benefit}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A row of sized images the shopper scrolls through. */
export function ImageCarousel({ module }: { module: ModuleOf<'image-carousel'> }) {
  return (
    <ul className="pp-image-carousel">
      {module.images.map((image) => (
        <li key={image.src}>
          <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
