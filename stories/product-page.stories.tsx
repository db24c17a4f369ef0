import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import '../app/styles/app.css';
import { ProductPage } from '../shop/product-page/product-page';
import { loadPageContent } from '../shop/product-page/page-content';
import type { PageContent } from '../shop/content/schema';
import { at } from './support/viewports';

/** A whole product page from its real content file, as the shop draws it at /products/<slug>. */
function Page({ content }: { content: PageContent }) {
  return (
    <MemoryRouter>
      <ProductPage content={content} />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Product page',
  component: Page,
  args: { content: undefined as unknown as PageContent },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page of `slug`: its hero heading, claims, FAQ and a way into the consultation. */
function page(slug: string, heading: string): Story {
  return {
    loaders: [async () => ({ content: await loadPageContent(slug) })],
    render: (_args, { loaded }) => <Page content={loaded.content as PageContent} />,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(canvas.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
      await expect(canvas.getAllByRole('link', { name: 'Start your consultation' })[0]).toHaveAttribute('href', '/consultation/haircare');
      await expect(canvas.getByText("Love your first order (or it's on us)")).toBeVisible();
    },
  };
}

const conditioner = page('custom-conditioner', 'Custom Conditioner');
const leaveIn = page('custom-leave-in-conditioner', 'Custom Leave-in Conditioner');
const curlCream = page('custom-curl-cream', 'Custom Curl Cream');
export const Conditioner360 = at('xs', conditioner);
export const Conditioner768 = at('sm', conditioner);
export const Conditioner1280 = at('lg', conditioner);
export const LeaveIn360 = at('xs', leaveIn);
export const LeaveIn768 = at('sm', leaveIn);
export const LeaveIn1280 = at('lg', leaveIn);
export const CurlCream360 = at('xs', curlCream);
export const CurlCream768 = at('sm', curlCream);
export const CurlCream1280 = at('lg', curlCream);
