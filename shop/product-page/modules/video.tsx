import { useState, useSyncExternalStore } from 'react';
import type { ModuleOf } from './module-types.ts';
import { breakpoints } from './responsive-picture.tsx';

/** Where media files are served from: the build-time constant VITE_MEDIA_ROOT, else the app's own /media. */
export const mediaRoot: string = (import.meta.env.VITE_MEDIA_ROOT as string | undefined) ?? '/media';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * A product video (spec §2 "Page part behaviour"): muted, looping and inline; autoplay only when the
 * shopper has not asked for reduced motion; the mobile or desktop file and poster by viewport, .webm then
 * .mp4 from the media root. When the files cannot play (none is shipped yet) it shows its fallback image.
 */
export function Video({ module }: { module: ModuleOf<'video'> }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const desktop = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const [failed, setFailed] = useState(false);
  const { fallback } = module;
  if (failed) return <img src={fallback.src} alt={fallback.alt} width={fallback.width} height={fallback.height} loading="lazy" />;
  const file = `${mediaRoot}/${module.video}-${desktop ? 'desktop' : 'mobile'}`;
  return (
    <video
      key={file}
      className="pp-video"
      muted
      loop
      playsInline
      autoPlay={!reducedMotion}
      poster={desktop ? module.poster.desktop : module.poster.mobile}
      width={fallback.width}
      height={fallback.height}
      aria-label={fallback.alt}
    >
      <source src={`${file}.webm`} type="video/webm" />
      {/* The last source failing means no file could play. */}
      <source src={`${file}.mp4`} type="video/mp4" onError={() => setFailed(true)} />
    </video>
  );
}
