import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Order } from '#api';
import { OrderDetail } from '../../../shop/orders/order-views';
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
