import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { zipcode } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Zip code',
  component: StepHarness,
  args: { screen: zipcode, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const empty: Story = {};
export const Empty360 = at('xs', empty);
export const Empty768 = at('sm', empty);
export const Empty1280 = at('lg', empty);

/** A code that is neither a US ZIP nor a Canadian postal code: the error sits under the field. */
const invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Zip or postal code' });
    await userEvent.type(field, '1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Enter a US zip code like 12345/);
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const Invalid360 = at('xs', invalid);
export const Invalid768 = at('sm', invalid);
export const Invalid1280 = at('lg', invalid);

/** A Canadian postal code typed in lower case without the space. */
const canadian: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Zip or postal code' }), 'm5v2t6{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith({ zipcode: 'M5V 2T6', country: 'CA' });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Canadian360 = at('xs', canadian);
export const Canadian768 = at('sm', canadian);
export const Canadian1280 = at('lg', canadian);
