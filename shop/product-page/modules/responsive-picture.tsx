import { preload } from 'react-dom';

/** Breakpoints of the site (spec §9 "Countries and display"): tablet from 768 px, desktop from 1280 px. */
export const breakpoints = { tablet: 768, desktop: 1280 } as const;

/**
 * One image with a desktop, tablet and mobile source picked by breakpoint; width and height are given so
 * the page does not shift while it loads.
 */
export function ResponsivePicture({
  image,
  alt,
  eager = false,
  width = 1280,
  height = 720,
}: {
  image: { mobile: string; desktop: string; tablet?: string | undefined };
  alt: string;
  eager?: boolean;
  width?: number;
  height?: number;
}) {
  if (eager) preloadPicture(image);
  return (
    <picture>
      <source media={`(min-width: ${breakpoints.desktop}px)`} srcSet={image.desktop} />
      {image.tablet ? <source media={`(min-width: ${breakpoints.tablet}px)`} srcSet={image.tablet} /> : null}
      <img src={image.mobile} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} />
    </picture>
  );
}

/** The page's LCP image: the one source each viewport will pick, asked for at once with a high priority. */
function preloadPicture(image: { mobile: string; desktop: string; tablet?: string | undefined }) {
  const { tablet, desktop } = breakpoints;
  const options = { as: 'image', fetchPriority: 'high' } as const;
  preload(image.desktop, { ...options, media: `(min-width: ${desktop}px)` });
  if (image.tablet) preload(image.tablet, { ...options, media: `(min-width: ${tablet}px) and (max-width: ${desktop - 0.02}px)` });
  preload(image.mobile, { ...options, media: `(max-width: ${(image.tablet ? tablet : desktop) - 0.02}px)` });
}
