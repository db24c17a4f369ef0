import type { Address } from '#api';

/** An address as a shopper reads it on an envelope. */
export function AddressLines({ address }: { address: Pick<Address, 'address1' | 'address2' | 'city' | 'state' | 'zipcode' | 'country'> }) {
  return (
    <span className="address-lines">
      {address.address1}
      {address.address2 ? `, ${address.address2}` : ''}
      <br />
      {address.city}, {address.state} {address.zipcode}, {address.country === 'CA' ? 'Canada' : 'United States'}
    </span>
  );
}
