import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cataloguePictureNames,
  drawArtwork,
  labelsFile,
  mailDir,
  mailPictureName,
  MAIL_PICTURE_SIZE,
  mediaDir,
  mediaNames,
  pngSource,
  sourceHash,
  writeArtwork,
} from '../../scripts/artwork';

const scratch = mkdtempSync(join(tmpdir(), 'artwork-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A PNG's width and height, from its header. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('the artwork (npm run artwork: scripts/artwork.ts)', () => {
  const { scenes, undrawn } = drawArtwork();

  it('is up to date: drawing it again into an empty folder writes the committed SVGs and label lines, byte for byte', () => {
    writeArtwork(join(scratch, 'media'), join(scratch, 'artwork-labels.ts'));
    const names = mediaNames();
    expect(readdirSync(join(scratch, 'media')).sort()).toEqual(names);
    for (const name of names)
      expect(readFileSync(join(mediaDir, name), 'utf8'), `${mediaDir}/${name}: run npm run artwork`).toBe(readFileSync(join(scratch, 'media', name), 'utf8'));
    expect(readFileSync(labelsFile, 'utf8'), `${labelsFile}: run npm run artwork`).toBe(readFileSync(join(scratch, 'artwork-labels.ts'), 'utf8'));
  });

  it('is the same on every run', () => {
    const again = drawArtwork().scenes;
    for (const [name, scene] of scenes) expect(again.get(name)!.svg, name).toBe(scene.svg);
  });

  it('draws a scene for every picture the pages and the catalogue name, none left to the plain fallback', () => {
    expect(undrawn).toEqual([]);
  });

  it('keeps every picture at the size its page declares, and small (every product card asks for one)', () => {
    for (const [name, scene] of scenes) {
      const size = /hero/.test(name) ? '1280x720' : /^card-/.test(name) ? '600x600' : '800x600';
      expect(`${scene.width}x${scene.height}`, name).toBe(size);
      expect(scene.svg, name).toContain(`width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}"`);
      expect(Buffer.byteLength(scene.svg), `${name} stays under 8 KB`).toBeLessThan(8 * 1024);
      // Nothing from another host: no external reference of any kind.
      expect(scene.svg, name).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });

  it('gives every custom product’s card, and only those, a name line inside the picture', () => {
    const catalogue = readFileSync('shop/catalog/products.yaml', 'utf8');
    const named = new Set([...scenes].filter(([, s]) => s.label).map(([name]) => name));
    // The gift sets are custom but bought for someone else: the recipient's name is not known yet.
    for (const name of [
      'card-shampoo.svg',
      'card-conditioner.svg',
      'card-hair-oil.svg',
      'card-curl-cream.svg',
      'card-hair-mask.svg',
      'card-serum.svg',
      'card-dry-shampoo.svg',
    ])
      expect(named.has(name), name).toBe(true);
    for (const name of ['card-brush.svg', 'card-candle.svg', 'card-hair-towel-wrap.svg', 'card-digital-gift.svg', 'card-essentials-set.svg'])
      expect(named.has(name), name).toBe(false);
    for (const name of named) expect(catalogue).toMatch(new RegExp(`src: /media/${name.replace('.', '\\.')}`));
    for (const [name, { label, width, height }] of scenes) {
      if (!label) continue;
      expect(label.x, name).toBeGreaterThan(0);
      expect(label.y, name).toBeGreaterThan(0);
      expect(label.x + label.width, name).toBeLessThan(width);
      expect(label.y + label.height, name).toBeLessThan(height);
      expect(label.width, `${name}: room for a name`).toBeGreaterThan(width * 0.12);
    }
  });

  it('has a mail picture (PNG, 160×160) of every catalogue picture, drawn from the SVG as it is now', () => {
    const names = cataloguePictureNames();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const png = readFileSync(join(mailDir, mailPictureName(name)));
      expect(png.subarray(1, 4).toString('latin1'), name).toBe('PNG');
      expect(pngSize(png), name).toEqual([MAIL_PICTURE_SIZE, MAIL_PICTURE_SIZE]);
      expect(pngSource(png), `${mailDir}/${mailPictureName(name)} was drawn from an older ${name}: run npm run artwork`).toBe(
        sourceHash(readFileSync(join(mediaDir, name), 'utf8')),
      );
      expect(png.length, `${name}: small enough for a mail`).toBeLessThan(24 * 1024);
    }
  });
});
