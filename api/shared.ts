/**
 * @module api/shared (#api/shared): what the browser needs of the contract without zod or the HTTP client: the
 * categories, the shop's display and scheduling rules (api/commerce.ts), what an error report may carry, the client's error type and the token store. Importing them from here
 * keeps the client in its own lazily loaded chunk (importing '#api/client' for them would pull it into the entry).
 */
export { ApiError, isApiError, toApiError } from './client/api-error';
export type { ApiErrorCode } from './client/api-error';
export { createLocalStorageTokenStore } from './client/token-store';
export { cartKinds, categoryOf, consultationCategories, formulaCategories, isCategory, productCategories } from './categories';
export type { CartKind, Category, FormulaCategory, ProductCategory } from './categories';
export { scrubReportText } from './report-text';
export { FEEDBACK_SURVEY_FIELDS } from './feedback-fields';
export {
  FREQUENCIES,
  DEFAULT_FREQUENCY,
  MINI_FREQUENCY,
  frequencyOptions,
  frequencyText,
  offersFrequency,
  addBusinessDays,
  deliveryText,
  labelName,
  LABEL_NAME_LENGTH,
  QUANTITY_RANGES,
  quantityChoices,
  methodPaymentMode,
} from './commerce';
export type { Frequency, FrequencyOption, MethodPaymentMode } from './commerce';
export { CANADIAN_AREA_CODES, phoneDigits, formatPhoneInput, isCompletePhone, phoneCountry, storedPhone, formatCanadianPostalInput } from './phone';
export { US_STATES, CA_PROVINCES, regionsOf, regionLabel, regionCode } from './regions';
export type { AddressCountry } from './regions';
