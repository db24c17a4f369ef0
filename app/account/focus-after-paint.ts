/**
 * Focuses `target()` once the browser has drawn the frame that shows it, and returns the cancel (an effect's cleanup).
 * Focusing in the effect of the render that drew a whole page makes the browser lay the page out right there, in the
 * render's task: one long task of the main thread instead of two shorter ones (issue 27: total blocking time).
 */
export function focusAfterPaint(target: () => HTMLElement | null | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The frame's callback runs before its layout; a task posted from it runs after that frame is drawn.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => target()?.focus());
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
