import { didYouMean } from '#engine/compiler';
import type { ShippingAddress } from '../db/schema';
import { FulfilmentError } from './fulfilment-moves';

/** The carriers the shop ships with: each one's name and where a shopper follows a parcel by its number. */
export const CARRIERS = {
  usps: { name: 'USPS', url: (n: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  ups: { name: 'UPS', url: (n: string) => `https://www.ups.com/track?tracknum=${n}` },
  fedex: { name: 'FedEx', url: (n: string) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  dhl: { name: 'DHL', url: (n: string) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}` },
  canada_post: { name: 'Canada Post', url: (n: string) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}` },
} as const;
export type Carrier = keyof typeof CARRIERS;
const isCarrier = (name: string): name is Carrier => Object.hasOwn(CARRIERS, name);

/** A parcel as the order keeps it. */
export interface Tracking {
  number: string;
  carrier: Carrier;
}

/** Tracking numbers as the carriers print them: letters and digits, 8 to 40 of them once spaces and dashes are dropped. */
const TRACKING_NUMBER = /^[A-Z0-9]{8,40}$/;

/**
 * The tracking number and carrier of a shipment, checked: the number upper-cased without its spaces and dashes (so it
 * fits in a link as it is); the carrier one of CARRIERS, by default the national post of the country it ships to
 * (USPS for the US, Canada Post for Canada).
 */
export function checkedTracking(number: string | undefined, carrier: string | undefined, address: ShippingAddress | null): Tracking {
  if (number === undefined || number.trim() === '')
    throw new FulfilmentError('tracking_required', 'Shipping needs the parcel’s tracking number: --tracking <number>.');
  const cleaned = number.replace(/[\s-]+/g, '').toUpperCase();
  if (!TRACKING_NUMBER.test(cleaned))
    throw new FulfilmentError('invalid_tracking', `"${number}" is not a tracking number: 8 to 40 letters and digits (spaces and dashes are dropped).`);
  const chosen = (carrier ?? (address?.country === 'CA' ? 'canada_post' : 'usps'))
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (!isCarrier(chosen)) {
    const guess = didYouMean(chosen, Object.keys(CARRIERS));
    throw new FulfilmentError(
      'unknown_carrier',
      `Unknown carrier "${carrier}": one of ${Object.keys(CARRIERS).join(', ')}.${guess ? ` Did you mean "${guess}"?` : ''}`,
    );
  }
  return { number: cleaned, carrier: chosen };
}

/** The order's parcel as GET /v2/orders/{id}/ shows it: its number, carrier and where to follow it; null before it ships. */
export function trackingView(number: string | null, carrier: string | null): { number: string; carrier: string; url: string | null } | null {
  if (!number) return null;
  const known = carrier && isCarrier(carrier) ? CARRIERS[carrier] : null;
  return { number, carrier: known?.name ?? carrier ?? '', url: known ? known.url(encodeURIComponent(number)) : null };
}
