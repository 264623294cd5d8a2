// The face of address validation: one check for wallet screening, and the registry for docs and tests.
export type { AddressFormat, FormatVerdict } from './address-format.js';
export { ADDRESS_FORMATS, checkAddressFormat, type AddressCheck } from './check-address.js';
export { beyondAddressLimits, MAX_ADDRESS_LENGTH, MIN_ADDRESS_LENGTH } from './not-an-address.js';
