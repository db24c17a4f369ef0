import type { Operation } from '../http/operation';
import { addAddress } from './add-address';
import { confirmEmailChange } from './confirm-email-change';
import { deleteAddress } from './delete-address';
import { getAccount } from './get-account';
import { getStylist } from './get-stylist';
import { linkStylist } from './link-stylist';
import { listAddresses } from './list-addresses';
import { updateAccount } from './update-account';
import { updateAddress } from './update-address';

/** The account calls (API.md Identity, Consultation and profile). */
export const accountOperations: Operation[] = [
  getAccount,
  updateAccount,
  confirmEmailChange,
  listAddresses,
  addAddress,
  updateAddress,
  deleteAddress,
  linkStylist,
  getStylist,
];
