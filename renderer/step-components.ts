import type { ComponentType } from 'react';
import type { StepKind } from '#engine';
import type { StepProps } from './step-props';
import { WelcomeStep } from './steps/welcome-step';
import { IntroStep } from './steps/intro-step';
import { SingleChoiceStep } from './steps/single-choice-step';
import { MultiChoiceStep } from './steps/multi-choice-step';
import { BooleanStep } from './steps/boolean-step';
import { GoalsStep } from './steps/goals-step';
import { FragranceStep } from './steps/fragrance-step';
import { ZipCodeStep } from './steps/zip-code-step';
import { GeoAggressorsStep } from './steps/geo-aggressors-step';
import { SignInStep } from './steps/sign-in-step';

/** The component for each step kind: a new kind in the schema fails to compile until it has one here. */
export const stepComponents = {
  welcome: WelcomeStep,
  intro: IntroStep,
  single: SingleChoiceStep,
  multi: MultiChoiceStep,
  boolean: BooleanStep,
  goals: GoalsStep,
  fragrance: FragranceStep,
  zipcode: ZipCodeStep,
  'geo-aggressors': GeoAggressorsStep,
  signin: SignInStep,
} satisfies { [K in StepKind]: ComponentType<StepProps<K>> };
