import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import '../app/styles/app.css';
import type { CollectionName } from '../shop/catalog/assembly';
import { CollectionPage } from '../shop/collections/collection-page';
import { catalogueCad, catalogueUsd } from './fixtures/catalogue';
import { at } from './support/viewports';

/** A collection page (spec 001 §2 Collections) drawn from the catalogue as GET /v1/products/ serves it. */
function Collection({ collection, currency }: { collection: CollectionName; currency: 'USD' | 'CAD' }) {
  return (
    <MemoryRouter>
      <div className="page">
        <CollectionPage collection={collection} products={(currency === 'CAD' ? catalogueCad : catalogueUsd).products} />
      </div>
    </MemoryRouter>
  );
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
    await expect(canvas.getByRole('link', { name: /^Custom Shampoo/ })).toHaveAttribute('href', '/products/custom-shampoo');
    await expect(canvas.getByText('Not sure where to start?')).toBeVisible();
  },
};
const skincare: Story = {
  args: { collection: 'skincare', currency: 'CAD' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Custom skincare' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /^Custom Cleanser/ })).toHaveTextContent('$39');
  },
};
const accessories: Story = {
  args: { collection: 'accessories' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: /^Brush/ })).toHaveTextContent('From $72');
  },
};
export const Haircare360 = at('xs', haircare);
export const Haircare768 = at('sm', haircare);
export const Haircare1280 = at('lg', haircare);
export const Skincare360 = at('xs', skincare);
export const Skincare768 = at('sm', skincare);
export const Skincare1280 = at('lg', skincare);
export const Accessories360 = at('xs', accessories);
export const Accessories768 = at('sm', accessories);
export const Accessories1280 = at('lg', accessories);
