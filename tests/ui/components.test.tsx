import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { Notice } from '../../ui/notice';
import { PriceLines } from '../../ui/price-lines';

describe('issue 25 design system: notices and price lines', () => {
  it('an error notice is announced (role alert); with focus it takes focus when it appears and again when its words change', async () => {
    const user = userEvent.setup();
    function Form() {
      const [error, setError] = useState<string | null>(null);
      return (
        <>
          <button onClick={() => setError((e) => (e ? 'Your card was declined again.' : 'Your card was declined.'))}>Place order</button>
          {error ? (
            <Notice tone="error" focus>
              {error}
            </Notice>
          ) : null}
        </>
      );
    }
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined again.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('a success or info notice is a status, and takes no focus unless asked', () => {
    render(<Notice tone="success">Saved.</Notice>);
    expect(screen.getByRole('status').className).toBe('notice notice--success');
    expect(document.activeElement).toBe(document.body);
  });

  it('price lines are a list of terms and amounts, the saving marked, the total last', () => {
    render(
      <PriceLines
        rows={[
          { label: 'Subtotal', amount: '$64' },
          { label: 'Subscription savings', amount: '−$9.60', saving: true },
        ]}
        total={{ label: 'Total', amount: '$57.80' }}
      />,
    );
    const rows = [...document.querySelectorAll('.price-lines__row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
      row.className,
    ]);
    expect(rows).toEqual([
      ['Subtotal', '$64', 'price-lines__row'],
      ['Subscription savings', '−$9.60', 'price-lines__row price-lines__saving'],
      ['Total', '$57.80', 'price-lines__row price-lines__total'],
    ]);
  });
});
