import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, screen as page } from 'storybook/test';
import type { AnyStepScreen } from '../renderer/components';
import { StepHarness } from './support/step-harness';
import { at, settled } from './support/viewports';
import { haircareScreen } from './fixtures/haircare-flow';
import { newYorkAggressors } from './fixtures/haircare-screens';

// Steps of the real haircare flow, described by the engine: what the YAML says is what designers see.
const real = (name: string, options?: Parameters<typeof haircareScreen>[1]) => haircareScreen(name, options) as AnyStepScreen;

const meta = {
  title: 'Flows/Haircare',
  component: StepHarness,
  args: { screen: real('welcome'), onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const welcome: Story = {};
export const Welcome360 = at('xs', welcome);
export const Welcome768 = at('sm', welcome);
export const Welcome1280 = at('lg', welcome);

const length: Story = { args: { screen: real('length') } };
export const Length360 = at('xs', length);
export const Length768 = at('sm', length);
export const Length1280 = at('lg', length);

/** Texture, with the "Did you know…" picture slides; the retired generic values are not offered. */
const texture: Story = {
  args: { screen: real('texture') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('radio', { name: 'Wavy' })).toBeNull();
  },
};
export const Texture360 = at('xs', texture);
export const Texture768 = at('sm', texture);
export const Texture1280 = at('lg', texture);

const treatmentsIntro: Story = { args: { screen: real('treatments-introduction') } };
export const TreatmentsIntro360 = at('xs', treatmentsIntro);
export const TreatmentsIntro768 = at('sm', treatmentsIntro);
export const TreatmentsIntro1280 = at('lg', treatmentsIntro);

const color: Story = { args: { screen: real('color') } };
export const Color360 = at('xs', color);
export const Color768 = at('sm', color);
export const Color1280 = at('lg', color);

/** Hair styles offered for a 3B texture (spec 000 §4.5, option cases). */
const hairStyle: Story = { args: { screen: real('hair-style', { answers: { diag_hair_texture: 'type_3b' } }) } };
export const HairStyleCurly360 = at('xs', hairStyle);
export const HairStyleCurly768 = at('sm', hairStyle);
export const HairStyleCurly1280 = at('lg', hairStyle);

const styles: Story = { args: { screen: real('styles') } };
export const Styles360 = at('xs', styles);
export const Styles768 = at('sm', styles);
export const Styles1280 = at('lg', styles);

/** Reading A (shared stress-intensity): the follow-up modal opens for medication. */
const stressIntensity: Story = {
  args: { screen: real('stress-intensity', { variants: { 'hair-loss-questions': 'shared-stress-intensity' } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Stopped or started a new medication' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await settled(await page.findByRole('dialog', { name: 'Check with your doctor' }));
  },
};
export const StressIntensityFollowUp360 = at('xs', stressIntensity);
export const StressIntensityFollowUp768 = at('sm', stressIntensity);
export const StressIntensityFollowUp1280 = at('lg', stressIntensity);

const signin: Story = { args: { screen: real('signin') } };
export const SignIn360 = at('xs', signin);
export const SignIn768 = at('sm', signin);
export const SignIn1280 = at('lg', signin);

const zipcode: Story = { args: { screen: real('zipcode') } };
export const ZipCode360 = at('xs', zipcode);
export const ZipCode768 = at('sm', zipcode);
export const ZipCode1280 = at('lg', zipcode);

const geoAggressors: Story = {
  args: { screen: real('geo-aggressors', { facts: { city: 'New York' } }), facts: { city: 'New York', aggressors: newYorkAggressors } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent("Here's what affects your hair in New York.");
  },
};
export const GeoAggressors360 = at('xs', geoAggressors);
export const GeoAggressors768 = at('sm', geoAggressors);
export const GeoAggressors1280 = at('lg', geoAggressors);

/** Goals for wavy, bleached hair: curl and less brass are offered (spec 000 §5.3). */
const goals: Story = {
  args: { screen: real('goals', { answers: { diag_hair_texture: 'type_2b', diag_color_treatments: true, diag_color_treatments_type: ['bleach'] } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Curl definition' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Less brassiness' })).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox', { name: 'Moisture' })).toBeNull();
  },
};
export const Goals360 = at('xs', goals);
export const Goals768 = at('sm', goals);
export const Goals1280 = at('lg', goals);

const fragrance: Story = { args: { screen: real('fragrance', { answers: { pref_fragrance: 'ARCADIA', pref_fragrance_free: false } }) } };
export const Fragrance360 = at('xs', fragrance);
export const Fragrance768 = at('sm', fragrance);
export const Fragrance1280 = at('lg', fragrance);
