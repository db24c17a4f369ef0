import { Link } from 'react-router';
import type { ModuleOf } from './module-types.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/** The page's top: its one heading, what the product does, its first image (the LCP image, loaded eagerly) and the price slot. */
export function Hero({ module, price }: { module: ModuleOf<'hero'>; price?: React.ReactNode }) {
  const [first] = module.slides;
  return (
    <section className="pp-hero">
      <h1>{module.title}</h1>
      <p>{module.description}</p>
      {price}
      {module.cta ? (
        <Link className="button" to={module.ctaTo ?? '/consultation/haircare'}>
          {module.cta}
        </Link>
      ) : null}
      {first ? <ResponsivePicture image={first.src} alt={first.alt} eager /> : null}
    </section>
  );
}
