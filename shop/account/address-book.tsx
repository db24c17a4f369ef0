import { useState } from 'react';
import type { Address, AddressInput } from '#api';
import { Notice } from '../../ui/notice';
import { AddressLines } from '../checkout/steps/address-lines';
import { AddressForm, type SaveOutcome } from './address-form';

/** What the address book can ask of its owner (the page binds them to the addresses machine). */
export interface AddressBookActions {
  add(input: AddressInput): Promise<SaveOutcome>;
  edit(pubkey: string, input: AddressInput): Promise<SaveOutcome>;
  makePrimary(pubkey: string): Promise<SaveOutcome>;
  remove(pubkey: string): Promise<SaveOutcome>;
}

type Open = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; pubkey: string } | { kind: 'confirm-delete'; pubkey: string };

/** A one-line name for an address in a button's accessible name ("1 Main St, Springfield"). */
const shortName = (address: Address) => `${address.address1}, ${address.city}`;

/**
 * The account's addresses (spec 001 §2 "Account pages for profile and addresses", §3 Address): the primary first and
 * marked, each with Edit, Make primary and Delete (asked again before it goes); Add an address.
 */
export function AddressBook({ addresses, actions }: { addresses: readonly Address[]; actions: AddressBookActions }) {
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => setOpen({ kind: 'none' });
  const closeOnSuccess = async (outcome: Promise<SaveOutcome>): Promise<SaveOutcome> => {
    const result = await outcome;
    if (result.ok) close();
    return result;
  };
  // Making primary and deleting show at once; a refusal puts the list back and says so.
  const quick = async (what: 'primary' | 'delete', pubkey: string) => {
    setFailure(null);
    if (what === 'delete') close();
    const result = await (what === 'primary' ? actions.makePrimary(pubkey) : actions.remove(pubkey));
    if (!result.ok)
      setFailure(
        what === 'primary' ? 'We couldn’t make that address your primary one. Please try again.' : 'We couldn’t delete that address. Please try again.',
      );
  };

  return (
    <div className="address-book">
      {failure ? (
        <Notice tone="error" focus>
          {failure}
        </Notice>
      ) : null}
      {addresses.length === 0 && open.kind !== 'add' ? <p>You have no saved addresses yet. Add one here, or at checkout.</p> : null}
      <ul className="address-book__list">
        {addresses.map((address) =>
          open.kind === 'edit' && open.pubkey === address.pubkey ? (
            <li key={address.pubkey}>
              <AddressForm
                address={address}
                idPrefix={`edit-${address.pubkey}`}
                title="Edit address"
                onSave={(input) => closeOnSuccess(actions.edit(address.pubkey, input))}
                onCancel={close}
              />
            </li>
          ) : (
            <li key={address.pubkey} className="card address-book__item">
              <p className="address-book__lines">
                <AddressLines address={address} />
              </p>
              {address.primary ? <span className="badge badge--accent">Primary address</span> : null}
              {open.kind === 'confirm-delete' && open.pubkey === address.pubkey ? (
                <div className="address-book__confirm" role="group" aria-label={`Delete ${shortName(address)}?`}>
                  <p>Delete this address?</p>
                  <div className="address-book__actions">
                    <button type="button" className="button button--secondary button--small" onClick={() => void quick('delete', address.pubkey)}>
                      Yes, delete it
                    </button>
                    <button type="button" className="button button--quiet button--small" onClick={close} autoFocus>
                      Keep it
                    </button>
                  </div>
                </div>
              ) : (
                <div className="address-book__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Edit ${shortName(address)}`}
                    onClick={() => setOpen({ kind: 'edit', pubkey: address.pubkey })}
                  >
                    Edit
                  </button>
                  {address.primary ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`Make primary: ${shortName(address)}`}
                      onClick={() => void quick('primary', address.pubkey)}
                    >
                      Make primary
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-label={`Delete ${shortName(address)}`}
                    onClick={() => setOpen({ kind: 'confirm-delete', pubkey: address.pubkey })}
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ),
        )}
      </ul>
      {open.kind === 'add' ? (
        <AddressForm address={null} idPrefix="new-address" title="New address" onSave={(input) => closeOnSuccess(actions.add(input))} onCancel={close} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => (setFailure(null), setOpen({ kind: 'add' }))}>
          Add an address
        </button>
      )}
    </div>
  );
}
