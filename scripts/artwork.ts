/**
 * `npm run artwork`: draws the shop's pictures, with no network and no new dependency, the same on every run.
 * 1. An SVG in public/media/ for every /media/….svg the product pages and the catalogue name, in the brand's colours
 *    (scripts/artwork/scenes.ts says which picture shows what), at the size the pages declare.
 * 2. ui/artwork-labels.ts: where each custom product's picture leaves its label blank for the shopper's name, as
 *    fractions of the picture (ui/product-picture.tsx writes the name there).
 * 3. A 160×160 PNG in public/media/mail/ of every catalogue picture, for the order mails (mail clients show no SVG),
 *    rasterised by Debian's Chromium; each PNG carries the hash of the SVG it was drawn from, so only changed
 *    pictures are drawn again and a test can tell a stale one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { fallbackScene, sceneFor, type Scene } from './artwork/scenes.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const pagesDir = 'shop/content/pages';
const catalogueFile = 'shop/catalog/products.yaml';
export const mediaDir = 'public/media';
export const mailDir = 'public/media/mail';
export const labelsFile = 'ui/artwork-labels.ts';
/** The mail pictures' size in pixels: shown at 80×80 in the mail, sharp on a high-density screen. */
export const MAIL_PICTURE_SIZE = 160;

/** Every /media/….svg file name the product pages and the catalogue name, sorted. */
export function mediaNames(): string[] {
  const names = new Set<string>();
  for (const file of [...readdirSync(pagesDir).map((f) => `${pagesDir}/${f}`), catalogueFile]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\/media\/([\w-]+\.svg)/g)) names.add(match[1]!);
  }
  return [...names].sort();
}

/** The catalogue's pictures (the ones an order line shows): their file names, sorted. */
export function cataloguePictureNames(): string[] {
  return [...new Set([...readFileSync(catalogueFile, 'utf8').matchAll(/picture: \{ src: \/media\/([\w-]+\.svg)/g)].map((m) => m[1]!))].sort();
}

/** The size a page declares for a picture: a hero is 1280×720 at every breakpoint, a card square, a module picture 4:3. */
function sizeOf(name: string): [number, number] {
  return /hero/.test(name) ? [1280, 720] : /^card-/.test(name) ? [600, 600] : [800, 600];
}

/** Every picture drawn: file name → scene, and the names no scene draws yet (drawn with the fallback). */
export function drawArtwork(): { scenes: Map<string, Scene>; undrawn: string[] } {
  const scenes = new Map<string, Scene>();
  const undrawn: string[] = [];
  for (const name of mediaNames()) {
    const [width, height] = sizeOf(name);
    let scene = sceneFor(name);
    if (!scene || scene.width !== width || scene.height !== height) {
      undrawn.push(name);
      scene = fallbackScene(width, height);
    }
    scenes.set(name, scene);
  }
  return { scenes, undrawn };
}

const fraction = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** The text of ui/artwork-labels.ts for these scenes. */
export function renderLabels(scenes: ReadonlyMap<string, Scene>): string {
  const rows = [...scenes]
    .filter(([, scene]) => scene.label)
    .map(([name, { label, width, height }]) => {
      const box = `x: ${fraction(label!.x / width)}, y: ${fraction(label!.y / height)}, width: ${fraction(label!.width / width)}, height: ${fraction(label!.height / height)}`;
      return `  '/media/${name}': { ${box} },`;
    });
  return [
    '// Written by `npm run artwork` (scripts/artwork.ts) with the pictures it draws: do not edit by hand.',
    '',
    '/** The blank line a custom product\u2019s label leaves for the shopper\u2019s name, in fractions of the picture (0 to 1 from its top left). */',
    'export interface LabelBox {',
    '  x: number;',
    '  y: number;',
    '  width: number;',
    '  height: number;',
    '}',
    '',
    '/** The name line of every picture that has one, by the picture\u2019s src. */',
    'export const artworkLabels: Readonly<Record<string, LabelBox>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

/** Writes the SVGs and the label manifest (steps 1 and 2); returns the names drawn with the fallback. */
export function writeArtwork(outDir = mediaDir, labelsPath = labelsFile): string[] {
  const { scenes, undrawn } = drawArtwork();
  mkdirSync(outDir, { recursive: true });
  for (const [name, scene] of scenes) writeFileSync(join(outDir, name), scene.svg);
  writeFileSync(labelsPath, renderLabels(scenes));
  return undrawn;
}

/**
 * How a card is framed in its mail copy: closer than on the card (a mail shows it at 80 px), 1.3 times, centred a
 * little below the middle where the products stand. Part of the hash, so a new framing draws every copy again.
 */
const MAIL_FRAME = { zoom: 1.3, centreX: 0.5, centreY: 0.55 };

/** The hash a mail PNG records of the SVG (and the framing) it was drawn from. */
export const sourceHash = (svg: string): string => createHash('sha256').update(JSON.stringify(MAIL_FRAME)).update(svg).digest('hex').slice(0, 16);

/** The `source` text a PNG carries (a tEXt chunk), or null. */
export function pngSource(png: Buffer): string | null {
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'tEXt') {
      const data = png.toString('latin1', at + 8, at + 8 + length);
      const [key, value] = data.split('\0');
      if (key === 'source') return value ?? null;
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return null;
}

/** The PNG with a `source` tEXt chunk after its header. */
function withSource(png: Buffer, source: string): Buffer {
  const data = Buffer.from(`source\0${source}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const headerEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, headerEnd), chunk, png.subarray(headerEnd)]);
}

/** The PNG file name of a picture's mail copy: card-shampoo.svg → card-shampoo.png. */
export const mailPictureName = (svgName: string): string => svgName.replace(/\.svg$/, '.png');

/** Step 3: draws the mail PNG of each catalogue picture whose SVG changed since its PNG was drawn. Returns the names drawn. */
export async function writeMailPictures(svgDir = mediaDir, outDir = mailDir): Promise<string[]> {
  const stale = cataloguePictureNames().filter((name) => {
    const png = join(outDir, mailPictureName(name));
    return !existsSync(png) || pngSource(readFileSync(png)) !== sourceHash(readFileSync(join(svgDir, name), 'utf8'));
  });
  if (stale.length === 0) return [];
  mkdirSync(outDir, { recursive: true });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: MAIL_PICTURE_SIZE, height: MAIL_PICTURE_SIZE }, deviceScaleFactor: 1 });
    for (const name of stale) {
      const svg = readFileSync(join(svgDir, name), 'utf8');
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      const size = MAIL_PICTURE_SIZE * MAIL_FRAME.zoom;
      const left = MAIL_PICTURE_SIZE / 2 - size * MAIL_FRAME.centreX;
      const top = MAIL_PICTURE_SIZE / 2 - size * MAIL_FRAME.centreY;
      await page.setContent(
        `<body style="margin:0;overflow:hidden"><img src="${src}" style="display:block;position:absolute;left:${left}px;top:${top}px;width:${size}px;height:${size}px"></body>`,
      );
      await page.waitForFunction(() => document.images[0]?.complete === true);
      const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: MAIL_PICTURE_SIZE, height: MAIL_PICTURE_SIZE } });
      writeFileSync(join(outDir, mailPictureName(name)), withSource(png, sourceHash(svg)));
    }
  } finally {
    await browser.close();
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const undrawn = writeArtwork();
  const names = mediaNames();
  console.log(`${names.length} pictures in ${mediaDir}/, their name lines in ${labelsFile}.`);
  if (undrawn.length) console.warn(`No scene draws ${undrawn.join(', ')}: drawn plain; add them to scripts/artwork/scenes.ts.`);
  const drawn = await writeMailPictures();
  console.log(`${cataloguePictureNames().length} mail pictures in ${mailDir}/ (${drawn.length} drawn again).`);
}
