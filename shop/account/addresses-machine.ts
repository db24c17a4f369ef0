import { produce } from 'immer';
import type { Address, AddressInput } from '#api';
import { createResourceMachine, type ResourceActor } from '../machines/optimistic-resource';
import { primaryFirst, removeAddress, updateAddress, type AddressApi } from './address-calls';

/**
 * A change to the address book. Making one primary and deleting one show at once (the server's list replaces them,
 * a refusal rolls them back); adding and editing show only once the server has checked the address (its postal code
 * against the state, spec 001 §5), so the form waits for the verdict and shows the server's field errors.
 */
export type AddressChange =
  | { kind: 'add'; input: AddressInput }
  | { kind: 'edit'; pubkey: string; input: Partial<AddressInput> }
  | { kind: 'primary'; pubkey: string }
  | { kind: 'delete'; pubkey: string };

/** The address book as it looks once `change` is made, before the server answers (an immer producer; `list` untouched). */
export function applyAddressChange(list: Address[] | null, change: AddressChange): Address[] | null {
  if (!list) return list;
  if (change.kind === 'primary')
    return primaryFirst(
      produce(list, (draft) => {
        for (const address of draft) address.primary = address.pubkey === change.pubkey;
      }),
    );
  if (change.kind === 'delete')
    return produce(list, (draft) => {
      const at = draft.findIndex((a) => a.pubkey === change.pubkey);
      if (at >= 0) draft.splice(at, 1);
    });
  return list;
}

/** The list with `saved` in place of its old copy (or added), the only primary when it is one, primary first. */
function withSaved(list: readonly Address[] | null, saved: Address): Address[] {
  const others = (list ?? []).filter((a) => a.pubkey !== saved.pubkey).map((a) => (saved.primary ? { ...a, primary: false } : a));
  const at = (list ?? []).findIndex((a) => a.pubkey === saved.pubkey);
  const next = at >= 0 ? [...others.slice(0, at), saved, ...others.slice(at)] : [...others, saved];
  return primaryFirst(next);
}

/** Sends one change; the server's address book after it. */
async function sendAddressChange(api: AddressApi, change: AddressChange, confirmed: Address[] | null): Promise<Address[]> {
  switch (change.kind) {
    case 'add':
      return withSaved(confirmed, await api.createAddress(change.input));
    case 'edit':
      return withSaved(confirmed, await updateAddress(api, { pubkey: change.pubkey, ...change.input }));
    case 'primary':
      return withSaved(confirmed, await updateAddress(api, { pubkey: change.pubkey, primary: true }));
    case 'delete':
      // The server gives the primary to another address when the primary goes: its list says which.
      await removeAddress(api, { pubkey: change.pubkey });
      return primaryFirst(await api.getAddresses());
  }
}

/**
 * The addresses page's machine (spec 001 §4, the cart's optimistic pattern, shop/machines/optimistic-resource.ts):
 * GET /v1/account/addresses, then changes one at a time, CLEAR on sign-out.
 */
export function createAddressesMachine(api: AddressApi) {
  return createResourceMachine<Address[], AddressChange>(
    {
      load: async () => primaryFirst(await api.getAddresses()),
      send: (change, confirmed) => sendAddressChange(api, change, confirmed),
      apply: applyAddressChange,
    },
    'addresses',
  );
}

export type AddressesActor = ResourceActor<Address[], AddressChange>;

/** Sends a change and resolves once the server has answered it: kept, or refused with the server's error (its field errors). */
export function changeAddresses(actor: AddressesActor, change: AddressChange): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const id = actor.getSnapshot().context.nextId;
  return new Promise((resolve) => {
    const done = (outcome: { ok: true } | { ok: false; error: unknown }) => {
      settled.unsubscribe();
      cleared.unsubscribe();
      resolve(outcome);
    };
    const settled = actor.on('settled', (notice) => {
      if (notice.id === id) done(notice.ok ? { ok: true } : { ok: false, error: notice.error });
    });
    // A CLEAR (sign-out) drops the change unanswered.
    const cleared = actor.subscribe(({ context }) => {
      if (context.status === 'idle' && !context.pending.some((p) => p.id === id)) done({ ok: false, error: new Error('cleared') });
    });
    actor.send({ type: 'CHANGE', change });
  });
}
