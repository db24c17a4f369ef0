/**
 * `node --import tsx scripts/placeholder-media.ts`: writes a small placeholder SVG to public/media/ for
 * every /media/….svg the product page content and the catalogue name, so no page shows a broken image and nothing is
 * fetched from another host. Real artwork replaces a file under the same name (or under MEDIA_ROOT).
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';

const pagesDir = 'shop/content/pages';
const catalogueFile = 'shop/catalog/products.yaml';
const outDir = 'public/media';
const palette = ['#e9dfd3', '#d9c7b8', '#c9d6cf', '#e6d3d8'];

/** One placeholder: a soft two-tone panel with a bottle silhouette, drawn at `width`×`height`. */
function placeholder(width: number, height: number, tone: string): string {
  const w = Math.round(width * 0.16);
  const h = Math.round(height * 0.5);
  const x = Math.round((width - w) / 2);
  const y = Math.round(height * 0.3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${tone}"/><rect y="${Math.round(height * 0.8)}" width="100%" height="${Math.round(height * 0.2)}" fill="#000" fill-opacity=".06"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(w / 6)}" fill="#fff" fill-opacity=".7"/><rect x="${x + w / 4}" y="${y - h / 8}" width="${w / 2}" height="${h / 8}" fill="#fff" fill-opacity=".5"/></svg>\n`;
}

mkdirSync(outDir, { recursive: true });
const names = new Set<string>();
for (const file of [...readdirSync(pagesDir).map((f) => `${pagesDir}/${f}`), catalogueFile]) {
  for (const match of readFileSync(file, 'utf8').matchAll(/\/media\/([\w-]+\.svg)/g)) names.add(match[1]!);
}
// The tone comes from the name, so adding an image leaves the others' files as they were.
const toneOf = (name: string) => palette[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % palette.length]!;
[...names].sort().forEach((name) => {
  // The hero's <img> is 1280×720 at every breakpoint; a product card's picture is square.
  const size = /hero/.test(name) ? [1280, 720] : /^card-/.test(name) ? [600, 600] : [800, 600];
  writeFileSync(`${outDir}/${basename(name)}`, placeholder(size[0]!, size[1]!, toneOf(name)));
});
console.log(`${names.size} placeholder images in ${outDir}.`);
