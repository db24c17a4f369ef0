import { expect } from 'storybook/test';
import type { StoryContext } from '@storybook/react-vite';

/** The widths every story is drawn at (spec 000 §9 xs, sm, lg); the names match the preview's viewport options. */
export const storyWidths = { xs: 360, sm: 768, lg: 1280 } as const;
export type StoryViewport = keyof typeof storyWidths;

type Playable = { play?: (context: StoryContext<any>) => Promise<void> | void; globals?: Record<string, unknown> };

/**
 * The same story pinned to one viewport. The Vitest run sizes the page from `globals.viewport` before
 * rendering; the play function first checks that the page really is that wide and nothing scrolls sideways,
 * then runs the story's own play.
 */
export function at<S extends Playable>(viewport: StoryViewport, story: S): S {
  const width = storyWidths[viewport];
  return {
    ...story,
    globals: { ...story.globals, viewport: { value: viewport, isRotated: false } },
    play: async (context: StoryContext<any>) => {
      const view = context.canvasElement.ownerDocument.defaultView;
      await expect(view?.innerWidth, `story drawn ${width}px wide`).toBe(width);
      // Nothing may stick out sideways at any width.
      await expect(context.canvasElement.ownerDocument.documentElement.scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(width);
      await story.play?.(context);
    },
  };
}

/**
 * Waits for the element's CSS animations and transitions (a modal fading in) to end, so checks see it as the shopper
 * does. It first lets two frames pass: an animation exists only once the browser has computed the new styles, and
 * on a busy machine the check could otherwise run before that, find nothing to wait for, and see the modal still
 * transparent.
 */
export async function settled(element: Element): Promise<void> {
  const view = element.ownerDocument.defaultView;
  if (view) for (let frame = 0; frame < 2; frame++) await new Promise((done) => view.requestAnimationFrame(() => done(undefined)));
  const animations = element.ownerDocument.getAnimations?.() ?? [];
  await Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
}
