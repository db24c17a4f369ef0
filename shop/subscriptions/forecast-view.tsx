import type { SubscriptionForecast } from '#api';
import { deliveryText } from '#api/commerce';
import { PriceLines, type PriceLine } from '../../ui/price-lines';
import { formatMoney } from '../catalog/money';
import { dayWords, forecastReasonWords } from './subscription-words';

type Entry = SubscriptionForecast['forecast'][number];

/** One charge to come: its day, items, saving, free shipping, taxes, total and delivery estimate (spec 001 §3 Forecast entry). */
function ForecastCharge({ entry, currency }: { entry: Entry; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  const rows: PriceLine[] = entry.items.map((item) => ({ label: `${item.label} × ${item.quantity}`, amount: money(item.total_price) }));
  if (entry.total_discount > 0)
    rows.push({ label: `Subscription saving (${Math.round(entry.discount_rate * 100)}%)`, amount: `−${money(entry.total_discount)}`, saving: true });
  rows.push({ label: 'Shipping', amount: entry.total_shipping === 0 ? 'Free' : money(entry.total_shipping) });
  rows.push({ label: 'Taxes', amount: money(entry.total_taxes) });
  return (
    <li className="subscription-forecast__charge">
      <h3 className="subscription-forecast__day">Charged {dayWords(entry.next_charge)}</h3>
      <PriceLines rows={rows} total={{ label: 'Total', amount: money(entry.total_amount) }} />
      <p className="subscription-forecast__estimate">{deliveryText({ min: entry.shipping_estimate.min_date, max: entry.shipping_estimate.max_date })}</p>
    </li>
  );
}

/**
 * The next charges of a subscription (spec 001 §4 Forecast status): AVAILABLE lists them (`limit` of them), NOT_AVAILABLE
 * says why none is planned.
 */
export function ForecastView({ forecast, limit = 3 }: { forecast: SubscriptionForecast; limit?: number }) {
  if (forecast.status === 'NOT_AVAILABLE' || forecast.forecast.length === 0)
    return <p className="subscription-forecast__none">{forecastReasonWords(forecast.reason)}</p>;
  return (
    <ol className="subscription-forecast">
      {forecast.forecast.slice(0, limit).map((entry) => (
        <ForecastCharge key={entry.next_charge} entry={entry} currency={forecast.currency} />
      ))}
    </ol>
  );
}

/** The next charge in one line, for the subscription home: "Next charge December 10, 2026: $88.33". */
export function NextChargeLine({ forecast }: { forecast: SubscriptionForecast }) {
  const next = forecast.status === 'AVAILABLE' ? forecast.forecast[0] : undefined;
  if (!next) return <p className="subscription-card__charge">{forecastReasonWords(forecast.reason)}</p>;
  return (
    <p className="subscription-card__charge">
      Next charge {dayWords(next.next_charge)}: <strong>{formatMoney(next.total_amount, forecast.currency)}</strong>
    </p>
  );
}
