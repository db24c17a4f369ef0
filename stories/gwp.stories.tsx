import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, within } from 'storybook/test';
import '../app/styles/app.css';
import type { Cart, CartItem, PromotionalGift } from '#api';
import { CartPage } from '../shop/cart/cart-page';
import { rosaCart } from './fixtures/carts';
import { at } from './support/viewports';

/** The Black Friday gift as GET /v1/promotional_gift answers it (server/promotions/gifts-with-purchase.yaml). */
const blackFriday: PromotionalGift = {
  should_show_banner: true,
  offered_variant_type: 'heatless-curl-set-black-friday-set-gwp',
  banner: 'Black Friday: a free Heatless Curl Set with $65 or more of haircare.',
  item: { label: 'Heatless Curl Set', picture: '/media/card-hair-towel-wrap.svg' },
  category: 'haircare',
  minimum: 65,
  currency: 'USD',
  subscription_only: false,
  ends: '2026-12-01T08:00:00.000Z',
};
const evergreen: PromotionalGift = {
  should_show_banner: true,
  offered_variant_type: 'evergreen',
  banner: 'A free Wide-Tooth Comb with every subscription of $40 or more.',
  item: { label: 'Wide-Tooth Comb', picture: '/media/card-brush.svg' },
  category: 'any',
  minimum: 40,
  currency: 'USD',
  subscription_only: true,
  ends: null,
};

/** The gift's line as the server adds it to a qualifying cart (category gwp, price 0). */
const gwpLine: CartItem = {
  category: 'gwp',
  type: 'gwp',
  product: blackFriday.offered_variant_type,
  slug: blackFriday.offered_variant_type,
  quantity: 1,
  label: 'Heatless Curl Set',
  sku: null,
  unit_price: 0,
  total_price: 0,
  amount: null,
  customization: null,
  subscription: { active: false, frequency: null, discount: 0, subscribable: false, recommended_frequency: null },
  recommendation: null,
  is_cart_visible: true,
  origin: 'promotion',
  property: 'gwp',
  offered_variant_type: blackFriday.offered_variant_type,
  variant: { product: { type: 'gwp' } },
  item_object: { label: 'Heatless Curl Set', picture_name: '/media/card-hair-towel-wrap.svg' },
};
const withGift: Cart = { ...rosaCart, items: [...rosaCart.items, gwpLine] };

/** The haircare cart with a gift with purchase (spec 001 §3 Promotional gift, Cart item category gwp). */
function Screen(props: React.ComponentProps<typeof CartPage>) {
  return (
    <MemoryRouter>
      <div className="page">
        <CartPage {...props} />
      </div>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Cart gift with purchase',
  component: Screen,
  args: {
    category: 'haircare',
    cart: withGift,
    status: 'success',
    checkout: 'idle',
    onChange: fn(),
    onRetry: fn(),
    onCheckout: fn(),
    firstName: 'Maya',
    gifts: [blackFriday, evergreen],
  },
} satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

const inCart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('complementary', { name: blackFriday.banner });
    await expect(banner).toBeVisible();
    await expect(within(banner).getByText('In your cart')).toBeVisible();
    // The free line: its name, "Free" for its price, and no controls of its own.
    const line = canvas.getByRole('heading', { level: 3, name: 'Heatless Curl Set' }).closest('li')!;
    await expect(within(line).getByText('Free')).toBeVisible();
    await expect(within(line).queryByRole('combobox')).toBeNull();
    await expect(within(line).queryByRole('button')).toBeNull();
    // The banner comes before the lines, under the title.
    await expect(banner.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};
const toQualify: Story = {
  args: { cart: rosaCart },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('complementary', { name: blackFriday.banner });
    await expect(within(banner).getByText(/Add \$65 or more of haircare to your cart/)).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 3, name: 'Heatless Curl Set' })).toBeNull();
  },
};
const noBanner: Story = {
  args: { gifts: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('complementary')).toBeNull();
  },
};

export const InCart360 = at('xs', inCart);
export const InCart1280 = at('lg', inCart);
export const ToQualify360 = at('xs', toQualify);
export const ToQualify1280 = at('lg', toQualify);
export const NoGift360 = at('xs', noBanner);
