import '../styles/textures.css';
import { useId, useState } from 'react';
import type { Tip } from '#engine';
import type { StepProps } from '../step-props';
import { RankedChoice } from '../parts/ranked-choice';
import { StepImage } from '../parts/step-image';

type Slide = NonNullable<Tip['slides']>[number];

/**
 * A skincare texture, ranked for the shopper (spec 000 §3.6 SkincareTextures), with the tip's pictures as a
 * comparison slider above the choices. Choosing moves on.
 */
export function TexturesStep({ screen, onChange, busy, facts }: StepProps<'textures'>) {
  const slides = screen.tip?.slides ?? [];
  return (
    <RankedChoice screen={screen} onChange={onChange} busy={busy} ranking={facts.ranking}>
      {slides.length > 0 ? <TextureComparison slides={slides} label={screen.tip?.title ?? 'Compare the textures'} /> : null}
    </RankedChoice>
  );
}

/** One picture at a time, chosen with a labelled range input (arrow keys, Home, End); its value reads as the slide's title. */
function TextureComparison({ slides, label }: { slides: readonly Slide[]; label: string }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const slide = slides[Math.min(index, slides.length - 1)]!;
  const name = (s: Slide, i: number) => s.title || s.image.alt || `Picture ${i + 1}`;
  return (
    <div className="texture-compare">
      {slides.length > 1 ? (
        <label className="texture-compare__label" htmlFor={id}>
          {label}
        </label>
      ) : (
        <p className="texture-compare__label">{label}</p>
      )}
      <figure className="texture-compare__figure">
        <StepImage image={slide.image} className="texture-compare__image" />
        {slide.title || slide.body ? (
          <figcaption className="texture-compare__caption">
            {slide.title ? <strong>{slide.title}</strong> : null} {slide.body}
          </figcaption>
        ) : null}
      </figure>
      {slides.length > 1 ? (
        <>
          <input
            id={id}
            className="texture-compare__range"
            type="range"
            min={0}
            max={slides.length - 1}
            step={1}
            value={index}
            aria-valuetext={`${name(slide, index)}, ${index + 1} of ${slides.length}`}
            onChange={(event) => setIndex(Number(event.target.value))}
          />
          <div className="texture-compare__ends" aria-hidden="true">
            <span>{name(slides[0]!, 0)}</span>
            <span>{name(slides[slides.length - 1]!, slides.length - 1)}</span>
          </div>
        </>
      ) : null}
    </div>
  );
}
