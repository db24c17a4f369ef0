import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../app/styles/app.css';
import type { Product } from '#api';
import type { PageContent } from '../shop/content/schema';
import { CONSULTATION_RULE, type AddOutcome, type Purchase, type PurchaseAccess } from '../shop/product-page/buy-box';
import { loadPageContent } from '../shop/product-page/page-content';
import { ProductPage } from '../shop/product-page/product-page';
import { catalogueUsd } from './fixtures/catalogue';
import { at } from './support/viewports';

const product = (type: string): Product => catalogueUsd.products.find((p) => p.type === type)!;

interface BuyArgs {
  slug: string;
  type: string;
  path: string;
  access: PurchaseAccess;
  outcome: AddOutcome;
  soldOutVariant?: string;
  add: Purchase['add'];
  checkout: Purchase['checkout'];
}

/** An accessory's page with its buy box (issue 25 point 1), the cart calls stood in for by `add` and `checkout`. */
function BuyPage({ content, args }: { content: PageContent; args: BuyArgs }) {
  const base = product(args.type);
  const shown = args.soldOutVariant ? { ...base, variants: base.variants.map((v) => (v.slug === args.soldOutVariant ? { ...v, sold_out: true } : v)) } : base;
  const purchase: Purchase = { access: args.access, add: args.add, checkout: args.checkout, cartPath: '/checkout/haircare' };
  return (
    <MemoryRouter initialEntries={[args.path]}>
      <ProductPage content={content} product={shown} purchase={purchase} />
    </MemoryRouter>
  );
}

const added: AddOutcome = { ok: true, line: { label: 'Boar bristle brush', quantity: 1, added: 1, unitPrice: 78 }, capped: false };

const meta = {
  title: 'Shop/Product page/Buy an accessory',
  component: BuyPage,
  args: {
    content: undefined as unknown as PageContent,
    args: {
      slug: 'brushes',
      type: 'brush',
      path: '/products/brushes',
      access: 'allowed',
      outcome: added,
      add: fn(async () => added),
      checkout: fn(async () => true),
    },
  },
  loaders: [async () => ({ content: await loadPageContent('brushes') })],
  render: (args, { loaded }) => <BuyPage args={args.args} content={loaded.content as PageContent} />,
} satisfies Meta<typeof BuyPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `meta`'s arguments with these changes, and an `add` that answers `outcome`. */
function buy(changes: Partial<BuyArgs>): Pick<Story, 'args' | 'loaders'> {
  const args = { ...meta.args.args, ...changes };
  return { args: { args: { ...args, add: fn(async () => args.outcome) } }, loaders: [async () => ({ content: await loadPageContent(args.slug) })] };
}

const brushAdded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // §9 brush variants: the boar bristle brush is $78 and the price follows the choice.
    await expect(canvasElement.querySelector('.pp-price__amount')).toHaveTextContent('$78');
    await userEvent.click(canvas.getByRole('radio', { name: /Mixed boar & nylon brush/ }));
    await expect(canvasElement.querySelector('.pp-price__amount')).toHaveTextContent('$72');
    await userEvent.click(canvas.getByRole('radio', { name: /Boar bristle brush/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    await expect(args.args.add).toHaveBeenCalledWith({ type: 'brush_boar', product: 'brush', quantity: 1 });
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent('Added to your cart: Boar bristle brush, $78.');
    await expect(within(notice).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/checkout/haircare');
    await userEvent.click(within(notice).getByRole('button', { name: 'Check out' }));
    await expect(args.args.checkout).toHaveBeenCalled();
  },
};

const candleSignedOut: Story = {
  ...buy({ slug: 'formulary-candle', type: 'candle', path: '/products/formulary-candle?variant=arcadia', access: 'sign-in' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Arcadia candle/ })).toBeChecked();
    await expect(canvas.getByText(CONSULTATION_RULE)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
  },
};

const towelNeedsConsultation: Story = {
  ...buy({ slug: 'formulary-hair-towel', type: 'hair_towel_wrap', path: '/products/formulary-hair-towel', access: 'consultation' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Take the haircare consultation' })).toHaveAttribute('href', '/consultation/haircare');
  },
};

const candleRefused: Story = {
  ...buy({
    slug: 'formulary-candle',
    type: 'candle',
    path: '/products/formulary-candle',
    outcome: { ok: false, message: 'Corsica candle is sold to shoppers with an account who have completed the haircare consultation.' },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Corsica candle is sold to shoppers');
  },
};

const variantSoldOut: Story = {
  ...buy({ path: '/products/brushes?variant=detangling', soldOutVariant: 'detangling' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Detangling tipped-metal brush Sold out/ })).toBeChecked();
    await expect(canvas.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  },
};

const checking: Story = {
  ...buy({ slug: 'formulary-candle', type: 'candle', path: '/products/formulary-candle', access: 'checking' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add to cart' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const BrushAdded360 = at('xs', brushAdded);
export const BrushAdded1280 = at('lg', brushAdded);
export const CandleSignedOut360 = at('xs', candleSignedOut);
export const CandleSignedOut1280 = at('lg', candleSignedOut);
export const TowelNeedsConsultation360 = at('xs', towelNeedsConsultation);
export const CandleRefused360 = at('xs', candleRefused);
export const VariantSoldOut360 = at('xs', variantSoldOut);
export const Checking360 = at('xs', checking);
