import type { Address, AddressInput } from '#api';

/** Spec 001 §5, §8: an address update or delete names the address by its pubkey, else this error. */
export const MISSING_PUBKEY = 'address must have a pubkey prop';

/** What the addresses page needs of the API client (app/ binds the real one; tests and stories the same over msw). */
export interface AddressApi {
  getAddresses(): Promise<Address[]>;
  createAddress(body: AddressInput): Promise<Address>;
  patchAddress(pubkey: string, body: Partial<AddressInput>): Promise<Address>;
  deleteAddress(pubkey: string): Promise<unknown>;
}

/** An address with the fields to change; the pubkey may be missing (a caller's mistake, refused before any call). */
export type AddressUpdate = Partial<AddressInput> & { pubkey?: string | null | undefined };

const pubkeyOf = (address: { pubkey?: string | null | undefined }): string => {
  if (!address.pubkey) throw new Error(MISSING_PUBKEY);
  return address.pubkey;
};

/** PATCH /v1/account/addresses/{pubkey} with the fields given (spec 001 §7); without a pubkey, MISSING_PUBKEY (§5). */
export function updateAddress(api: AddressApi, { pubkey, ...fields }: AddressUpdate): Promise<Address> {
  return Promise.resolve().then(() => api.patchAddress(pubkeyOf({ pubkey }), fields));
}

/** DELETE /v1/account/addresses/{pubkey}: a 204 has no body (§7); without a pubkey, MISSING_PUBKEY (§5). */
export async function removeAddress(api: AddressApi, address: { pubkey?: string | null | undefined }): Promise<void> {
  await api.deleteAddress(pubkeyOf(address));
}

/** The primary address first, the others in the order given (spec 001 §3 User: "addresses (primary first)"). */
export function primaryFirst(addresses: readonly Address[]): Address[] {
  return [...addresses.filter((a) => a.primary), ...addresses.filter((a) => !a.primary)];
}
