import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import TermsPage from '../../app/legal/terms-page';

describe('/terms promises only what the shop does (spec 001 §9 Policies)', () => {
  it('the guarantee is adjusted formulas or a return for credit within 30 days of delivery, never a refund', () => {
    render(<TermsPage />);
    const guarantee = screen.getByRole('heading', { name: 'Our guarantee' }).nextElementSibling!.textContent!;
    expect(guarantee).toMatch(/within 30 days of its delivery/);
    expect(guarantee).toMatch(/adjust your formulas/);
    expect(guarantee).toMatch(/return it for credit, free of charge/);
    expect(document.body.textContent).not.toMatch(/refund/i);
  });

  it('a subscription renews as the account shows it; no promise of dates, pausing or cancelling the account does not offer yet', () => {
    render(<TermsPage />);
    const orders = screen.getByRole('heading', { name: 'Orders and subscriptions' }).nextElementSibling!.textContent!;
    expect(orders).toContain('A subscription renews as shown in your account.');
    expect(document.body.textContent).not.toMatch(/pause|cancel|on the date/i);
  });
});
