import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { cleanserTextures, moisturizerTextures, textureRanking } from './fixtures/skincare-screens';

const meta = {
  title: 'Steps/Skincare textures',
  component: StepHarness,
  args: { screen: cleanserTextures, facts: { ranking: textureRanking('CLEANSER', 'dry') }, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const radioValues = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('radio')
    .map((r) => r.getAttribute('value'));

/** Cleansers ranked for dry skin: the cream first as the top recommendation (spec 000 §3.6); the slider compares them. */
const cleanser: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(radioValues(canvasElement)).toEqual(['cleansing_cream', 'foaming_gel']);
    await expect(canvas.getByRole('radio', { name: 'Gentle Cream Cleanser' })).toHaveAccessibleDescription(
      'Your top recommendation A soft cream that cleanses without stripping',
    );
    const slider = canvas.getByRole('slider', { name: 'Compare the textures' });
    await expect(canvas.getByRole('img', { name: 'A light foaming gel' })).toBeInTheDocument();
    // A native range: the browser moves it with the arrow keys; the simulated events here set its value.
    fireEvent.change(slider, { target: { value: '1' } });
    await expect(slider).toHaveAttribute('aria-valuetext', 'Gentle Cream Cleanser, 2 of 2');
    await expect(canvas.getByRole('img', { name: 'A soft white cream' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: 'Foaming Gel Cleanser' }));
    await expect(args.onChange).toHaveBeenCalledWith('foaming_gel');
  },
};
export const Cleanser360 = at('xs', cleanser);
export const Cleanser768 = at('sm', cleanser);
export const Cleanser1280 = at('lg', cleanser);

/** Moisturizers ranked for balanced skin: cream, then gel cream, then rich cream (spec 000 §3.6). */
const moisturizer: Story = {
  args: { screen: moisturizerTextures, facts: { ranking: textureRanking('MOISTURIZER', 'balanced') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(radioValues(canvasElement)).toEqual(['medium', 'light', 'rich']);
    await expect(canvas.getAllByText('Your top recommendation')).toHaveLength(1);
    await expect(canvas.getByRole('slider', { name: 'Compare the textures' })).toHaveAttribute('aria-valuetext', 'Gel Cream Moisturizer, 1 of 3');
  },
};
export const Moisturizer360 = at('xs', moisturizer);
export const Moisturizer768 = at('sm', moisturizer);
export const Moisturizer1280 = at('lg', moisturizer);
