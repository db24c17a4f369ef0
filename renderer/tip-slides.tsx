import './styles/tip-slides.css';
import { useState } from 'react';
import type { Tip as TipData } from '#engine';
import { StepImage } from './parts/step-image';

type Slide = NonNullable<TipData['slides']>[number];

/** One picture at a time, with previous/next buttons that wrap around and a polite announcement of the position. */
export function TipSlides({ slides, name }: { slides: readonly Slide[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const slide = slides[index]!;
  const go = (by: number) => setIndex((i) => (i + by + count) % count);
  return (
    <div className="tip-slides" role="group" aria-roledescription="carousel" aria-label={`${name.replace(/[:…]+$/, '')} pictures`}>
      <div className="tip-slides__current" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} aria-live="polite">
        <StepImage image={slide.image} className="tip-slides__image" />
        {slide.title || slide.body ? (
          <p className="tip-slides__caption">
            {slide.title ? <strong>{slide.title}</strong> : null} {slide.body}
          </p>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="tip-slides__controls">
          <button type="button" className="tip-slides__button" onClick={() => go(-1)} aria-label="Previous picture">
            <Chevron direction="left" />
          </button>
          <span className="tip-slides__position" aria-hidden="true">
            {index + 1} / {count}
          </span>
          <button type="button" className="tip-slides__button" onClick={() => go(1)} aria-label="Next picture">
            <Chevron direction="right" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
      <path
        d={direction === 'left' ? 'M12.5 4l-6 6 6 6' : 'M7.5 4l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
