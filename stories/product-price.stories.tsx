import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, within } from 'storybook/test';
import '../app/styles/app.css';
import type { Product } from '#api';
import type { PageContent } from '../shop/content/schema';
import { loadPageContent } from '../shop/product-page/page-content';
import { ProductPage } from '../shop/product-page/product-page';
import { catalogueCad, catalogueUsd } from './fixtures/catalogue';
import { at } from './support/viewports';

const find = (list: readonly Product[], type: string) => list.find((p) => p.type === type)!;

/** A product page with its product from the catalogue: the hero's price, and the waitlist when it is sold out. */
function Priced({ content, product }: { content: PageContent; product: Product }) {
  return (
    <MemoryRouter>
      <ProductPage content={content} product={product} onJoinWaitlist={fn(async () => {})} />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Product page/Priced',
  component: Priced,
  args: { content: undefined as unknown as PageContent, product: find(catalogueUsd.products, 'conditioner') },
  loaders: [async () => ({ content: await loadPageContent('custom-conditioner') })],
  render: (args, { loaded }) => <Priced {...args} content={loaded.content as PageContent} />,
} satisfies Meta<typeof Priced>;
export default meta;
type Story = StoryObj<typeof meta>;

const usd: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$32')).toBeVisible();
    await expect(within(canvasElement).getByText(/or \$27\.20 with a subscription \(save 15%\)/)).toBeVisible();
  },
};
const cad: Story = {
  args: { product: find(catalogueCad.products, 'conditioner') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$43')).toBeVisible();
  },
};
const soldOut: Story = {
  args: { product: { ...find(catalogueUsd.products, 'conditioner'), sold_out: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'This product is no longer available at this time.' })).toBeVisible();
  },
};
export const Usd360 = at('xs', usd);
export const Usd1280 = at('lg', usd);
export const Cad768 = at('sm', cad);
export const SoldOut360 = at('xs', soldOut);
export const SoldOut1280 = at('lg', soldOut);
