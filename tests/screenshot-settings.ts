import { PNG } from 'pngjs';

/**
 * The style every screenshot test applies while it shoots (tests/README.md "Screenshots"), in the stories
 * (vitest.config.ts) and the pages (tests/e2e/support/screenshots.ts): each picture is drawn as a flat box of the
 * size and place the page gives it, clipped as the picture would be, so the layout is compared while the artwork,
 * whose soft gradients make a PNG several times larger, is not stored again in every baseline (the pictures have
 * their own stories and tests). A story about its pictures keeps them with `parameters: { screenshot: { pictures: true } }`.
 */
export const screenshotStyle = `img { object-position: -100000px 0 !important; background: #d8d2c8 !important; }`;

/**
 * The picture as a baseline is stored: the same pixels, compressed harder than the encoders' defaults (plain deflate
 * rather than run lengths, and no alpha channel when every pixel is opaque, as a screenshot's are): about a third
 * smaller than what Vitest writes.
 */
export function leanPng(image: PNG): Buffer {
  let opaque = true;
  for (let i = 3; i < image.data.length && opaque; i += 4) opaque = image.data[i] === 255;
  return PNG.sync.write(image, { deflateLevel: 9, deflateStrategy: 0, filterType: -1, ...(opaque ? { colorType: 2, inputHasAlpha: true } : {}) });
}
