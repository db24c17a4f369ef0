import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import '../app/styles/app.css';
import type { PageContent } from '../shop/content/schema';
import { loadPageContent } from '../shop/product-page/page-content';
import { ProductPage } from '../shop/product-page/product-page';
import { at } from './support/viewports';

/** The skincare and accessory pages from their real content files, as /products/<slug> and /pages/<slug> draw them. */
function Page({ content, path }: { content: PageContent; path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ProductPage content={content} priced={false} />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Product page/More pages',
  component: Page,
  args: { content: undefined as unknown as PageContent, path: '/' },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

function page(slug: string, path: string, heading: string, more: (canvas: ReturnType<typeof within>) => Promise<void> = async () => {}): Story {
  return {
    loaders: [async () => ({ content: await loadPageContent(slug) })],
    render: (_args, { loaded }) => <Page content={loaded.content as PageContent} path={path} />,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(canvas.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
      await more(canvas);
    },
  };
}

const cleanser = page('custom-cleanser', '/products/custom-cleanser', 'Custom Cleanser', async (canvas) => {
  await expect(canvas.getAllByRole('link', { name: 'Get your formula' })[0]).toHaveAttribute('href', '/consultation/skincare');
});
const brushes = page('brushes', '/products/brushes?variant=detangling', 'Brushes for every hair type', async (canvas) => {
  await expect(canvas.getByRole('heading', { level: 2, name: 'Detangling tipped-metal brush' })).toBeVisible();
});
const towel = page('formulary-hair-towel', '/products/formulary-hair-towel', 'Hair Towel Wrap');
const skincare = page('skincare', '/pages/skincare', 'Skincare made for you alone', async (canvas) => {
  await expect(canvas.getByRole('link', { name: 'Get your formula' })).toHaveAttribute('href', '/consultation/skincare');
});
export const Cleanser360 = at('xs', cleanser);
export const Cleanser768 = at('sm', cleanser);
export const Cleanser1280 = at('lg', cleanser);
export const Brushes360 = at('xs', brushes);
export const Brushes1280 = at('lg', brushes);
export const Towel360 = at('xs', towel);
export const Towel1280 = at('lg', towel);
export const SkincareLanding360 = at('xs', skincare);
export const SkincareLanding768 = at('sm', skincare);
export const SkincareLanding1280 = at('lg', skincare);
