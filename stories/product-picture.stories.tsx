import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ProductPicture } from '../ui/product-picture';
import { artworkLabels } from '../ui/artwork-labels';
import { at } from './support/viewports';

/** Every picture under public/media/ (Storybook serves public/ at /), by its src; the files are not loaded here. */
const all = Object.keys(import.meta.glob('../public/media/*.svg')).map((path) => path.replace('../public', ''));
const cards = all.filter((src) => src.startsWith('/media/card-'));
const others = all.filter((src) => !src.startsWith('/media/card-'));

/** "card-hair-oil" → "Hair oil": a readable alt for the gallery. */
const altOf = (src: string) => {
  const words = src
    .replace(/^\/media\/(card-)?/, '')
    .replace(/\.svg$/, '')
    .replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function Gallery({ size, label, sources }: { size: number; label?: string; sources: readonly string[] }) {
  return (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 12, listStyle: 'none', padding: 12, margin: 0 }}>
      {sources.map((src) => {
        const [width, height] = src.includes('card-') ? [600, 600] : src.includes('hero') ? [1280, 720] : [800, 600];
        return (
          <li key={src} style={{ width: size, fontSize: 12 }}>
            <ProductPicture src={src} alt={altOf(src)} width={width} height={height} label={label} loading="eager" />
            {size > 100 ? <span>{src.replace('/media/', '')}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

const meta = {
  title: 'UI/Product picture',
  component: Gallery,
  args: { size: 260, sources: cards },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every picture file loads (no broken image) and keeps its box: the drawn size is the declared ratio before and after loading. */
async function everyPictureLoads(canvas: HTMLElement) {
  const images = [...canvas.querySelectorAll('img')];
  await expect(images.length).toBeGreaterThan(0);
  await waitFor(() => expect(images.every((img) => img.complete && img.naturalWidth > 0)).toBe(true), { timeout: 30_000 });
  for (const img of images) {
    const ratio = Number(img.getAttribute('width')) / Number(img.getAttribute('height'));
    await expect(Math.abs(img.clientWidth / img.clientHeight - ratio), `${img.src} keeps its ratio`).toBeLessThan(0.02);
  }
}

/** The name sits inside the label's blank line of each custom product's picture, at this size too. */
async function namesOnTheirLines(canvas: HTMLElement, name: string) {
  const labelled = [...canvas.querySelectorAll('.product-picture')].filter((box) => artworkLabels[box.querySelector('img')!.getAttribute('src')!]);
  await expect(labelled.length, 'every custom product card has a name line').toBe(Object.keys(artworkLabels).length);
  for (const box of labelled) {
    const img = box.querySelector('img')!;
    const line = artworkLabels[img.getAttribute('src')!]!;
    const text = box.querySelector('text')!;
    await expect(text.textContent).toBe(name);
    await expect(box.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    await expect(img.alt).toContain(name);
    const picture = img.getBoundingClientRect();
    const drawn = text.getBoundingClientRect();
    const slack = picture.width * 0.01;
    await expect(drawn.left, `${img.src}: the name starts on its line`).toBeGreaterThanOrEqual(picture.left + line.x * picture.width - slack);
    await expect(drawn.right, `${img.src}: the name ends on its line`).toBeLessThanOrEqual(picture.left + (line.x + line.width) * picture.width + slack);
    await expect(drawn.top).toBeGreaterThanOrEqual(picture.top + line.y * picture.height - slack);
    await expect(drawn.bottom).toBeLessThanOrEqual(picture.top + (line.y + line.height) * picture.height + slack);
  }
}

/** The catalogue's pictures at a product card's size, as the collections show them. */
export const Cards = at('lg', { play: async ({ canvasElement }) => everyPictureLoads(canvasElement) } satisfies Story);

/** The same with a shopper's name: each custom product's label reads "Maya". */
export const CardsWithName = at('lg', {
  args: { label: 'Maya' },
  play: async ({ canvasElement }) => {
    await everyPictureLoads(canvasElement);
    await namesOnTheirLines(canvasElement, 'Maya');
  },
} satisfies Story);

/** A long name is squeezed to its line, not spilled over the bottle. */
export const CardsWithLongName = at('xs', {
  args: { label: 'Maximiliana', size: 150 },
  play: async ({ canvasElement }) => namesOnTheirLines(canvasElement, 'Maximiliana'),
} satisfies Story);

/** Thumbnails (a cart line, an order line): 80 px wide, with the name. */
export const Thumbnails = at('xs', {
  args: { size: 80, label: 'Maya' },
  play: async ({ canvasElement }) => {
    await everyPictureLoads(canvasElement);
    await namesOnTheirLines(canvasElement, 'Maya');
  },
} satisfies Story);

/** The pages' other pictures: heroes (desktop and mobile), module pictures, portraits, ingredients, logos. */
export const PagePictures = at('lg', {
  args: { size: 400, sources: others },
  play: async ({ canvasElement }) => everyPictureLoads(canvasElement),
} satisfies Story);
