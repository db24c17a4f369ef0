/**
 * @module renderer/components: every renderer component and helper by name, for stories and tests.
 * The app imports `renderer/index.ts`, which keeps the step kinds a first page does not need lazy.
 */
export * from './index';
export { IntroStep, WelcomeStep } from './steps/page-step';
export { SingleChoiceStep } from './steps/single-choice-step';
export { MultiChoiceStep } from './steps/multi-choice-step';
export { BooleanStep } from './steps/boolean-step';
export { GoalsStep } from './steps/goals-step';
export { FragranceStep } from './steps/fragrance-step';
export { ZipCodeStep, zipCodeMessages } from './steps/zip-code-step';
export { GeoAggressorsStep } from './steps/geo-aggressors-step';
export { SignInStep, signInMessages } from './steps/sign-in-step';
export { RoutineProductsStep } from './steps/routine-products-step';
export { MatrixStep } from './steps/matrix-step';
export { RankedFragranceStep } from './steps/ranked-fragrance-step';
export { TexturesStep } from './steps/textures-step';
export { rankOptions, rankingSlug } from './ranking';
export type { RankedOption, ReasonCopy } from './ranking';
export { Modal, MODAL_Z_INDEX, MODAL_OPEN_FOR_MS } from './modal';
export type { ModalProps } from './modal';
export { parsePostalCode } from '#engine';
export type { PostalCode } from '#engine';
export { signUpFieldErrors } from './sign-up-errors';
