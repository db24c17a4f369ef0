/** One amount of a price summary: its label, the amount as the shopper reads it ("$27.20", "−$9.60"), and whether it is a saving. */
export interface PriceLine {
  label: string;
  amount: string;
  saving?: boolean;
}

/**
 * Price lines (ui/README.md): a `<dl>` of labels and amounts, amounts right-aligned, the total last and bold. The amounts
 * are the server's, formatted by the caller (api/money.ts formatMoney).
 */
export function PriceLines({ rows, total }: { rows: readonly PriceLine[]; total?: PriceLine }) {
  return (
    <dl className="price-lines">
      {rows.map((row) => (
        <div key={row.label} className={`price-lines__row${row.saving ? ' price-lines__saving' : ''}`}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
      {total ? (
        <div className="price-lines__row price-lines__total">
          <dt>{total.label}</dt>
          <dd>{total.amount}</dd>
        </div>
      ) : null}
    </dl>
  );
}
