import type { ReactNode } from 'react';
import type { PageModule } from '../content/schema.ts';
import { ConsultationCta } from './modules/consultation-cta.tsx';
import { Faq } from './modules/faq.tsx';
import { Hero } from './modules/hero.tsx';
import { HowToUse } from './modules/how-to-use.tsx';
import { ImageCarousel, Ingredients, SampleFormula } from './modules/image-lists.tsx';
import { Numbers } from './modules/numbers.tsx';
import { Reviews } from './modules/reviews.tsx';
import { Accordion, NoList, ProTip, TextImage } from './modules/text-blocks.tsx';
import { Ticker } from './modules/ticker.tsx';
import { Video } from './modules/video.tsx';
import {
  BeforeAfter,
  DiscoverMore,
  Experts,
  Metrics,
  Monogram,
  Personas,
  ProductCarousel,
  SkincareCta,
  Sustainability,
  VariantHeroes,
} from './modules/story-blocks.tsx';
import { ResponsivePicture } from './modules/responsive-picture.tsx';

/**
 * One module of a page drawn by its component; `price` fills the hero's price slot. The switch is
 * exhaustive, so a module type added to the schema fails the type check until it has a component.
 */
export function PageModuleView({ module, price }: { module: PageModule; price?: ReactNode }) {
  switch (module.type) {
    case 'hero':
      return <Hero module={module} price={price} />;
    case 'ticker':
      return <Ticker module={module} />;
    case 'reviews':
      return <Reviews module={module} />;
    case 'faq':
      return <Faq module={module} />;
    case 'accordion':
      return <Accordion module={module} />;
    case 'how-to-use':
      return <HowToUse module={module} />;
    case 'ingredients':
      return <Ingredients module={module} />;
    case 'sample-formula':
      return <SampleFormula module={module} />;
    case 'pro-tip':
      return <ProTip module={module} />;
    case 'image-carousel':
      return <ImageCarousel module={module} />;
    case 'no-list':
      return <NoList module={module} />;
    case 'numbers':
      return <Numbers module={module} />;
    case 'text-image':
      return <TextImage module={module} />;
    case 'video':
      return <Video module={module} />;
    case 'consultation-cta':
      return <ConsultationCta module={module} />;
    case 'formula':
      return (
        <section className="pp-formula">
          <h2>{module.header}</h2>
          <p>{module.description}</p>
          <ResponsivePicture image={{ mobile: module.hero.imageMobile, desktop: module.hero.imageDesktop }} alt={module.hero.alt} />
        </section>
      );
    case 'before-after':
      return <BeforeAfter module={module} />;
    case 'experts':
      return <Experts module={module} />;
    case 'personas':
      return <Personas module={module} />;
    case 'sustainability':
      return <Sustainability module={module} />;
    case 'monogram':
      return <Monogram module={module} />;
    case 'metrics':
      return <Metrics module={module} />;
    case 'variant-heroes':
      return <VariantHeroes module={module} />;
    case 'skincare-cta':
      return <SkincareCta module={module} />;
    case 'product-carousel':
      return <ProductCarousel module={module} />;
    case 'discover-more':
      return <DiscoverMore module={module} />;
  }
}
