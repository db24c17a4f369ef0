import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import '../app/styles/app.css';
import type { CollectionName } from '../shop/catalog/assembly';
import { CollectionPage } from '../shop/collections/collection-page';
import { catalogueCad, catalogueUsd } from './fixtures/catalogue';
import { at } from './support/viewports';

/** A collection page (spec 001 §2 Collections) drawn from the catalogue as GET /v1/products/ serves it. */
function Collection({ collection, currency, soldOut }: { collection: CollectionName; currency: 'USD' | 'CAD'; soldOut?: string }) {
  const products = (currency === 'CAD' ? catalogueCad : catalogueUsd).products.map((p) => (p.type === soldOut ? { ...p, sold_out: true } : p));
  return (
    <MemoryRouter>
      <div className="page">
        <CollectionPage collection={collection} products={products} />
      </div>
    </MemoryRouter>
  );
}

/**
 * Issue 25 point 4: no card overlaps another, the last ends above the links below, and every link there is a target of
 * at least 44 px.
 */
async function expectNoOverlap(canvasElement: HTMLElement) {
  const cards = [...canvasElement.querySelectorAll('.product-grid > li')].map((li) => li.getBoundingClientRect());
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const [a, b] = [cards[i]!, cards[j]!];
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      await expect(overlap, `cards ${i} and ${j} overlap`).toBe(false);
    }
  }
  const grid = canvasElement.querySelector('.product-grid')!.getBoundingClientRect();
  await expect(Math.max(...cards.map((c) => c.bottom))).toBeLessThanOrEqual(grid.bottom + 0.5);
  const others = canvasElement.querySelector('.collection__others')!;
  await expect(others.getBoundingClientRect().top).toBeGreaterThanOrEqual(grid.bottom);
  for (const link of others.querySelectorAll('a')) await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
}

const meta = {
  title: 'Shop/Collections',
  component: Collection,
  args: { collection: 'haircare', currency: 'USD' },
} satisfies Meta<typeof Collection>;
export default meta;
type Story = StoryObj<typeof meta>;

const haircare: Story = {
  args: { collection: 'haircare' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Custom haircare' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Custom Shampoo' })).toHaveAttribute('href', '/products/custom-shampoo');
    await expect(canvas.getByText('Not sure where to start?')).toBeVisible();
    await expectNoOverlap(canvasElement);
  },
};
const skincare: Story = {
  args: { collection: 'skincare', currency: 'CAD' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Custom skincare' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Custom Cleanser' }).closest('li')).toHaveTextContent('$39');
    await expectNoOverlap(canvasElement);
  },
};
const accessories: Story = {
  args: { collection: 'accessories' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Brush' }).closest('li')).toHaveTextContent('From $72');
    // The gift card leads to the gift card landing page (spec 001 §2).
    await expect(canvas.getByRole('link', { name: 'Digital Gift Card' })).toHaveAttribute('href', '/gift');
    await expectNoOverlap(canvasElement);
  },
};
/** A sold-out product keeps its card, with the badge on its picture (spec 001 §4 Products). */
const soldOut: Story = {
  args: { collection: 'haircare', soldOut: 'shampoo' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link', { name: 'Custom Shampoo' }).closest('li')!;
    await expect(within(card).getByText('Sold out')).toBeVisible();
    await expectNoOverlap(canvasElement);
  },
};
export const Haircare360 = at('xs', haircare);
export const SoldOut360 = at('xs', soldOut);
export const SoldOut1280 = at('lg', soldOut);
export const Haircare768 = at('sm', haircare);
export const Haircare1280 = at('lg', haircare);
export const Skincare360 = at('xs', skincare);
export const Skincare768 = at('sm', skincare);
export const Skincare1280 = at('lg', skincare);
export const Accessories360 = at('xs', accessories);
export const Accessories768 = at('sm', accessories);
export const Accessories1280 = at('lg', accessories);
