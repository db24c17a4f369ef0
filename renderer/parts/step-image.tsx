import type { Image } from '#engine';

/** A picture with its intrinsic size, so nothing shifts while it loads; other pictures for other screens through <picture>. */
export function StepImage({ image, priority = false, className = 'step__image' }: { image: Image; priority?: boolean; className?: string }) {
  const img = (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.media} media={source.media} srcSet={source.src} />
      ))}
      {img}
    </picture>
  );
}
