import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { cartItem, formula as formulaSchema, type CartItem, type Formula } from '#api';
import { CartLine } from '../../../shop/cart/cart-line';
import { TunedFromFeedback, tunedSentence } from '../../../shop/cart/tuned-from-feedback';
import { FormulaCard } from '../../../app/consultation/results/formula-card';

// "Tuned from your feedback" (issue 26 item 5): what the latest feedback changed in a product and why, shown on the
// results page's formulas and on the cart's custom lines, as the server sends it (feedback_changes).

const changes = [
  { product: 'shampoo', change: 'a deeper clean', because: 'you told us your shampoo left your hair greasy' },
  { product: 'shampoo', change: 'Arcadia, your new scent', because: 'you chose a new fragrance in your feedback' },
];

const line = (over: Partial<CartItem>): CartItem =>
  cartItem.parse({
    category: 'formula',
    type: 'shampoo',
    product: 'shampoo',
    slug: 'custom-shampoo',
    quantity: 1,
    label: "Maya's Custom Shampoo, Arcadia",
    sku: null,
    unit_price: 32,
    total_price: 32,
    amount: null,
    customization: null,
    subscription: { active: false, frequency: null, discount: 0.15, subscribable: true, recommended_frequency: 4 },
    recommendation: null,
    is_cart_visible: true,
    origin: null,
    property: null,
    offered_variant_type: null,
    variant: null,
    item_object: null,
    ...over,
  });

const formula: Formula = formulaSchema.parse({
  product: 'shampoo',
  skeleton_slug: 'shampoo',
  label: 'Custom Shampoo',
  category: 'haircare',
  made_for: { date: '2026-07-15', season: 'summer' },
  fragrance: { slug: 'arcadia', name: 'Arcadia', because: 'the scent you chose in your feedback' },
  fragrance_free_because: null,
  actives: [],
  inci: ['Aqua'],
  free_of: [],
  feedback_changes: changes,
});

describe('Tuned from your feedback (issue 26 item 5)', () => {
  it('says each change and why, as a sentence', () => {
    render(<TunedFromFeedback changes={changes} />);
    const box = screen.getByText('Tuned from your feedback').parentElement!;
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A deeper clean, because you told us your shampoo left your hair greasy.',
      'Arcadia, your new scent, because you chose a new fragrance in your feedback.',
    ]);
    expect(tunedSentence({ product: 'x', change: 'kept as it is', because: 'it is early.' })).toBe('Kept as it is, because it is early.');
  });

  it('draws nothing when the feedback changed nothing', () => {
    const { container } = render(<TunedFromFeedback changes={undefined} />);
    expect(container.innerHTML).toBe('');
    render(<TunedFromFeedback changes={[]} />);
    expect(screen.queryByText('Tuned from your feedback')).toBeNull();
  });

  it('a custom cart line shows it; a line without changes, or an accessory, does not', () => {
    const { unmount } = render(
      <ul>
        <CartLine line={line({ feedback_changes: changes })} currency="USD" onChange={() => {}} />
      </ul>,
    );
    expect(screen.getByText('A deeper clean, because you told us your shampoo left your hair greasy.')).toBeTruthy();
    unmount();
    render(
      <ul>
        <CartLine line={line({})} currency="USD" onChange={() => {}} />
        <CartLine
          line={line({ category: 'item', type: 'brush', product: 'brush', label: 'Brush', feedback_changes: changes })}
          currency="USD"
          onChange={() => {}}
        />
      </ul>,
    );
    expect(screen.queryByText('Tuned from your feedback')).toBeNull();
  });

  it('a formula on the results page shows it under its heading', () => {
    render(<FormulaCard formula={formula} />);
    expect(screen.getByRole('heading', { name: "What's in your Custom Shampoo" })).toBeTruthy();
    expect(screen.getByText('Arcadia, your new scent, because you chose a new fragrance in your feedback.')).toBeTruthy();
  });
});
