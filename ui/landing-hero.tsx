import type { ReactNode, Ref } from 'react';

/**
 * A landing page's hero: an eyebrow, the page's h1 (`{page}-title`, focusable for the route's focus on arrival), a
 * description, the calls to action (`children`) and a picture loaded first (it is the largest paint). Beside each other
 * from 1024 px; the page's CSS gives `.{page}-hero` its columns and `.{page}-hero__picture` its shape.
 */
export function LandingHero({
  page,
  hero,
  headingRef,
  children,
}: {
  page: string;
  hero: { eyebrow: string; title: string; description: string; picture: { src: string; alt: string; width: number; height: number } };
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { picture } = hero;
  return (
    <section className={`landing-hero ${page}-hero`} aria-labelledby={`${page}-title`}>
      <div>
        <p className="landing-eyebrow">{hero.eyebrow}</p>
        <h1 id={`${page}-title`} ref={headingRef} tabIndex={-1}>
          {hero.title}
        </h1>
        <p className="landing-hero__description">{hero.description}</p>
        {children}
      </div>
      <img
        className={`landing-hero__picture ${page}-hero__picture`}
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        fetchPriority="high"
      />
    </section>
  );
}
