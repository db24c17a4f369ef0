import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { AddressApi } from '../../shop/account/address-calls';
import { AddressBook, type AddressBookActions } from '../../shop/account/address-book';
import { changeAddresses, createAddressesMachine } from '../../shop/account/addresses-machine';
import { loadAppServices } from '../app-services';
import { useSession, useSignOut } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { SignInFirst } from './sign-in-first';
import '../styles/account.css';

/** The address calls on the app's client, loaded on first use. */
const addressApi: AddressApi = {
  getAddresses: async () => (await loadAppServices()).api.getAddresses(),
  createAddress: async (body) => (await loadAppServices()).api.createAddress(body),
  patchAddress: async (pubkey, body) => (await loadAppServices()).api.patchAddress(pubkey, body),
  deleteAddress: async (pubkey) => (await loadAppServices()).api.deleteAddress(pubkey),
};
const addressesMachine = createAddressesMachine(addressApi);

/**
 * /account/addresses: the customer's address book (spec 001 §2, §3 Address, §5, §7 Account and addresses). Signed
 * out or a guest: the way to sign in. The book is drawn per customer (keyed by pubkey) and cleared on sign-out, so a
 * sign-out or another customer's sign-in never shows the addresses loaded before (spec 001 §4 Account).
 */
export default function AddressesPage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Your addresses | Formulary';
  }, []);
  if (!session.settled) return <PageStatus>Loading your addresses…</PageStatus>;
  const customer = session.status === 'authenticated' && session.user !== null && !session.user.is_guest ? session.user : null;
  if (!customer) return <SignInFirst title="Your addresses" to="to see and change your addresses." />;
  return <Addresses key={customer.pubkey} />;
}

function Addresses() {
  const heading = usePageHeadingFocus();
  const actor = useActorRef(addressesMachine);
  const { data, status } = useSelector(actor, (s) => s.context);
  useEffect(() => actor.send({ type: 'LOAD' }), [actor]);
  // A sign-out clears the book at once, and drops any change still waiting.
  useSignOut(() => actor.send({ type: 'CLEAR' }));

  const actions: AddressBookActions = {
    add: (input) => changeAddresses(actor, { kind: 'add', input }),
    edit: (pubkey, input) => changeAddresses(actor, { kind: 'edit', pubkey, input }),
    makePrimary: (pubkey) => changeAddresses(actor, { kind: 'primary', pubkey }),
    remove: (pubkey) => changeAddresses(actor, { kind: 'delete', pubkey }),
  };

  return (
    <div className="page page--narrow account-page">
      <p className="account-page__back">
        <Link to="/account">Your account</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        Your addresses
      </h1>
      {status === 'error' ? (
        <div className="notice notice--error" role="alert">
          <p>We couldn’t load your addresses.</p>
          <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'LOAD' })}>
            Try again
          </button>
        </div>
      ) : data === null ? (
        <p role="status">Loading your addresses…</p>
      ) : (
        <AddressBook addresses={data} actions={actions} />
      )}
    </div>
  );
}
