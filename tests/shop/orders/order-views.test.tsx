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

describe('issue 28: an order paid partly with gift card credit says so (spec 001 §3 Order, §3 Cart gift_cards)', () => {
  // Rosa's order with $50 of her gift card's credit: the card paid the rest (total_amount, the server's figure).
  const withCredit: Order = { ...rosaOrder, credit_applied: 50, total_amount: 229.65 };
  /** The order's price lines as [label, amount] pairs, as the page shows them. */
  const priceLines = () =>
    [...document.querySelectorAll('.order__totals .price-lines__row')].map(
      (row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent] as const,
    );
  const centsOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

  it('the order page shows the total, a "Gift card credit" line and what the card paid, as the checkout summary does, and the figures add up', () => {
    render(
      <MemoryRouter>
        <OrderDetail order={withCredit} />
      </MemoryRouter>,
    );
    const lines = priceLines();
    expect(lines).toEqual([
      ['Subtotal', '$293'],
      ['Savings', '−$32.25'],
      ['Shipping', 'Free'],
      ['Taxes', '$18.90'],
      ['Total', '$279.65'],
      ['Gift card credit', '−$50'],
      ['Paid', '$229.65'],
    ]);
    expect(document.querySelector('.order__totals .price-lines__total')!.textContent).toBe('Paid$229.65');
    // Read from the page, in cents: subtotal − savings + shipping + taxes − credit = what the card paid.
    const amount = Object.fromEntries(lines.map(([label, text]) => [label, text === 'Free' ? 0 : centsOf(text)]));
    expect(amount.Subtotal! - amount.Savings! + amount.Shipping! + amount.Taxes!).toBe(amount.Total);
    expect(amount.Total! - amount['Gift card credit']!).toBe(amount.Paid);
  });

  it('while the bank confirms the payment, what the card has left to pay reads "To pay"; an order without credit has no credit line', () => {
    const { unmount } = render(
      <MemoryRouter>
        <OrderDetail order={{ ...withCredit, status: 'pending_payment', display_status: 'pending_payment', paid_at: null }} />
      </MemoryRouter>,
    );
    expect(priceLines().slice(-2)).toEqual([
      ['Gift card credit', '−$50'],
      ['To pay', '$229.65'],
    ]);
    unmount();
    render(
      <MemoryRouter>
        <OrderDetail order={rosaOrder} />
      </MemoryRouter>,
    );
    expect(priceLines().map(([label]) => label)).toEqual(['Subtotal', 'Savings', 'Shipping', 'Taxes', 'Total']);
    expect(screen.queryByText('Gift card credit')).toBeNull();
  });

  it('the orders list shows what the order came to: the card’s amount and the credit together', () => {
    render(
      <MemoryRouter>
        <OrderList orders={[withCredit]} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: `Order ${withCredit.serial_no}` }).closest('li')!;
    expect(card.textContent).toContain('$279.65');
  });
});
