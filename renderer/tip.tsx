import { Suspense, useId } from 'react';
import type { Tip as TipData } from '#engine';
import { lazyComponent } from './lazy-component';

/**
 * The picture slides only a few later steps have (the skincare texture and zits steps): their own chunk, loaded with
 * the other step kinds once the shopper starts answering (step-components.ts), so a first screen does not carry them.
 */
export const tipSlides = lazyComponent(() => import('./tip-slides').then((m) => m.TipSlides));
const TipSlides = tipSlides.component;

/** A step's explanatory tip ("Why we ask:"), with its picture slides when it has some. */
export function Tip({ tip }: { tip: TipData }) {
  const titleId = useId();
  return (
    <section className="tip" aria-labelledby={titleId}>
      <h2 id={titleId} className="tip__title">
        {tip.title}
      </h2>
      <p className="tip__body">{tip.body}</p>
      {tip.slides && tip.slides.length > 0 ? (
        <Suspense fallback={null}>
          <TipSlides slides={tip.slides} name={tip.title} />
        </Suspense>
      ) : null}
    </section>
  );
}
