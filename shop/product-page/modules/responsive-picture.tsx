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
  return (
    <picture>
      <source media={`(min-width: ${breakpoints.desktop}px)`} srcSet={image.desktop} />
      {image.tablet ? <source media={`(min-width: ${breakpoints.tablet}px)`} srcSet={image.tablet} /> : null}
      <img src={image.mobile} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} />
    </picture>
  );
}
