import { setProjectAnnotations } from '@storybook/react-vite';
import type { ProjectAnnotations, Renderer, StoryContext } from 'storybook/internal/types';
import { configure } from 'storybook/test';
import { expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import * as projectAnnotations from './preview';

/**
 * Screenshot tests of every story (tests/README.md "Screenshots"): after a story has rendered, its play function has
 * ended and axe has checked it, the story's root is compared with its baseline in tests/screenshots/stories/ by
 * vitest.config.ts's `toMatchScreenshot` settings (pixelmatch, a tolerance for anti-aliasing but not for layout). Test
 * runs only: Storybook itself never loads this file. Pictures are drawn as flat boxes (tests/screenshot-settings.ts); a
 * story about its pictures keeps them with `parameters: { screenshot: { pictures: true } }`. A story whose picture
 * legitimately changes from run to run opts out with `parameters: { screenshot: false }`.
 */
const screenshotAnnotations: ProjectAnnotations<Renderer> = {
  // A story that pins no viewport is drawn at a phone's size (phones first), where the addon's default is 1200×900.
  parameters: {
    viewport: { options: { phone: { name: 'Phone (390)', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
    // A test fails on axe's violations only, each still reported with every element it found; the passing, incomplete
    // and inapplicable rules are summed up with one element each instead of all of them (axe's resultTypes), which
    // spares axe a selector for every element of the story and the test run a report of them all. Storybook's own
    // a11y panel, which does not load this file, still lists every element.
    a11y: { options: { resultTypes: ['violations'] } },
  },
  initialGlobals: { viewport: { value: 'phone', isRotated: false } },
  async afterEach(context) {
    if (context.parameters.screenshot === false) return;
    await settle(context);
    // Storybook has paused the animations at their end and turned transitions off; Playwright also stops
    // animations and hides the caret for the shot (vitest.config.ts screenshotOptions).
    const pictures = (context.parameters.screenshot as { pictures?: boolean } | undefined)?.pictures === true;
    await asTallAsItsContent(context, () =>
      expect.element(page.elementLocator(screenshotRoot(context))).toMatchScreenshot(context.name, pictures ? { screenshotOptions: { style: '' } } : {}),
    );
  },
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    setOuterViewport(width: number, height: number): Promise<void>;
  }
}

/** The page around the test frame (vitest.config.ts contextOptions). */
const outer = { width: 1920, height: 1080 };

/**
 * Runs `shoot` with the story's frame as tall as its content, then gives the frame its size back: the frame paints
 * only what lies inside it, so a story longer than its viewport would be cut off. The page around the frame grows
 * with it, so the frame is not scaled down to fit. A part sized by the viewport's height (100vh) grows with the frame;
 * the frame is measured again until the content fits (three times at most), so the picture is the same every run.
 */
async function asTallAsItsContent(context: StoryContext, shoot: () => Promise<unknown>): Promise<void> {
  const view = context.canvasElement.ownerDocument.defaultView!;
  const { innerWidth: width, innerHeight: height } = view;
  const contentHeight = () => Math.ceil(view.document.documentElement.scrollHeight);
  if (contentHeight() <= height) {
    await shoot();
    return;
  }
  try {
    for (let round = 0, tall = height; round < 3 && contentHeight() > tall; round++) {
      tall = contentHeight();
      await commands.setOuterViewport(Math.max(outer.width, width), Math.max(outer.height, tall));
      await page.viewport(width, tall);
    }
    const scale = view.frameElement?.parentElement?.getAttribute('data-scale');
    if (scale !== null && scale !== undefined && scale !== '1') throw new Error(`The story's frame is scaled by ${scale}: its screenshot would be blurred.`);
    await shoot();
  } finally {
    await page.viewport(width, height);
    await commands.setOuterViewport(outer.width, outer.height);
  }
}

/** The story's root, or the page's body when everything the story shows is outside it (a modal dialog in the top layer). */
function screenshotRoot(context: StoryContext): Element {
  const root = context.canvasElement;
  const box = root.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? root : root.ownerDocument.body;
}

/** Lazy pictures loaded and every picture decoded, web fonts ready: what a shopper sees once the page is still. */
async function settle(context: StoryContext): Promise<void> {
  const document = context.canvasElement.ownerDocument;
  const images = [...document.images];
  for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
  await Promise.all(
    images.map((image) =>
      image.complete
        ? undefined
        : new Promise((done) => {
            image.addEventListener('load', done, { once: true });
            image.addEventListener('error', done, { once: true });
          }),
    ),
  );
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  await document.fonts.ready;
}

// Stories run as tests with the preview's loaders, parameters and the a11y addon's axe check, then the screenshot.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations, screenshotAnnotations]);

// A play function's findBy* and waitFor wait for their condition; their 1 s default would fail a story on a busy
// machine, so the test's own timeout (vitest.config.ts) is the limit that counts.
configure({ asyncUtilTimeout: 60_000 });
