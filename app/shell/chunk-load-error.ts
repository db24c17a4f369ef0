/**
 * True for the error a lazily loaded part of the page gives when its file is gone: a new release replaced the hashed
 * files this page's code names (spec 001 §8 "We've updated the site since your last visit."). Each browser words it
 * its own way; Vite's preload of a chunk's CSS or JS throws its own.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  // A loader that wraps the browser's error keeps it as the cause.
  return CHUNK_MESSAGES.some((pattern) => pattern.test(error.message)) || isChunkLoadError(error.cause);
}

const CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload (vite:preloadError)
  /Loading (CSS )?chunk \S+ failed/i,
];
