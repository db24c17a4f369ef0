import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Order } from '#api';
import { OrderDetail, OrderList } from '../../../shop/orders/order-views';
import { rosaOrder } from '../../../stories/fixtures/orders';

/** Rosa's order with a hair supplement subscription beside her shampoo. */
function withSupplement(frequency: number): Order {
  const [shampoo] = rosaOrder.items;
  const supplement = {
    ...shampoo!,
    pubkey: 'itm_supplement',
    variant: {
      slug: 'supplement-core',
      type: 'supplement_core',
      label: 'Root Source Hair Supplements',
      is_formula: false,
      product: { type: 'supplement_core', category: 'haircare', sub_category: 'supplements' },
    },
    subscription: { active: true, frequency },
  };
  return { ...rosaOrder, items: [{ ...shampoo!, subscription: { active: true, frequency: 8 } }, supplement] };
}

describe('order page (spec 001 §9 Subscriptions and discounts)', () => {
  it('shows a supplement’s frequency in days (25/50/75), the rest in weeks', () => {
    for (const [weeks, days] of [
      [4, 25],
      [8, 50],
      [12, 75],
    ] as const) {
      const { unmount } = render(
        <MemoryRouter>
          <OrderDetail order={withSupplement(weeks)} />
        </MemoryRouter>,
      );
      const supplement = screen.getByRole('heading', { name: 'Root Source Hair Supplements' }).parentElement!;
      expect(supplement.textContent).toContain(`every ${days} days`);
      expect(supplement.textContent).not.toContain('weeks');
      const shampoo = screen.getByRole('heading', { name: rosaOrder.items[0]!.variant.label }).parentElement!;
      expect(shampoo.textContent).toContain('every 8 weeks');
      unmount();
    }
  });
});

describe('issue 25: orders are shown with their pictures', () => {
  const pictured: Order = {
    ...rosaOrder,
    delivery_estimate: { min: '2026-12-04', max: '2026-12-09' },
    items: rosaOrder.items.map((item, i) => ({
      ...item,
      picture: i === 0 ? { src: '/media/card-shampoo.svg', alt: 'Custom Shampoo bottle', width: 600, height: 600 } : null,
    })),
  };

  it("the order page shows each line's picture (the shopper's name on a custom product's label), when it arrives, and its totals as price lines", () => {
    render(
      <MemoryRouter>
        <OrderDetail order={pictured} name="Rosa" />
      </MemoryRouter>,
    );
    const first = screen.getByRole('heading', { level: 2, name: pictured.items[0]!.variant.label }).closest('li')!;
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/card-shampoo.svg');
    expect(first.querySelector('img')?.getAttribute('alt')).toBe('');
    if (pictured.items[0]!.variant.is_formula) expect(first.textContent).toContain('Rosa');
    expect(screen.getByText('Arrives between 12/4 and 12/9')).toBeTruthy();
    const total = document.querySelector('.price-lines__total')!;
    expect(total.textContent).toContain('Total');
  });

  it("the orders list shows each order's pictures beside its number, date, total and status", () => {
    render(
      <MemoryRouter>
        <OrderList orders={[pictured]} name="Rosa" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: `Order ${pictured.serial_no}` }).closest('li')!;
    expect(card.querySelectorAll('img')).toHaveLength(1);
    expect(card.querySelector('.orders__thumbs')?.getAttribute('aria-hidden')).toBe('true');
    expect(card.querySelector('.badge')?.textContent).toBeTruthy();
  });
});
