import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { formula as formulaSchema, type Formula } from '#api';
import { FormulaCard } from '../app/consultation/results/formula-card';
import '../app/styles/app.css';
import '../app/styles/results.css';
import { fragranceFreeFormula, haircareFormula, skincareFormula, supplementFormula } from './fixtures/formulas';
import { inResultsPage } from './support/frame';
import { at } from './support/viewports';

const meta = {
  title: 'App/Results/Formula card',
  component: FormulaCard,
  decorators: [inResultsPage],
  args: { formula: haircareFormula, headingLevel: 3 },
} satisfies Meta<typeof FormulaCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What every card shows: its fixture is a formula the API could send, the key ingredients in view, the INCI list folded away in the server's order. */
async function checkCard(canvasElement: HTMLElement, formula: Formula) {
  await expect(formulaSchema.safeParse(formula).success, 'the fixture is a valid `formula`').toBe(true);
  const card = within(canvasElement);
  await expect(card.getByRole('heading', { name: `What's in your ${formula.label}` })).toBeVisible();
  const actives = card.getByRole('list', { name: /^Key ingredients/ });
  await expect(
    within(actives)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.formula__active-name')?.textContent),
  ).toEqual(formula.actives.map((a) => a.name));
  const inci = canvasElement.querySelector('.formula__inci-list')!;
  await expect(inci).not.toBeVisible();
  await userEvent.click(card.getByText('Full ingredient list'));
  await expect(inci).toBeVisible();
  await expect([...inci.querySelectorAll('li')].map((li) => li.textContent)).toEqual(formula.inci);
}

/** A scented haircare formula: Napoli at a gentler strength, free of known irritants for a sensitive scalp. */
const haircare: Story = {
  play: async ({ canvasElement, args }) => {
    await checkCard(canvasElement, args.formula);
    const card = within(canvasElement);
    await expect(card.getByText('0.65%')).toBeVisible();
    await expect(card.getByText('Balances an oily scalp: your roots get oily within a day.')).toBeVisible();
    await expect(card.getByText('Scent: Napoli')).toBeVisible();
    await expect(card.getByText('Free of known irritants')).toBeVisible();
  },
};
export const Haircare360 = at('xs', haircare);
export const Haircare768 = at('sm', haircare);
export const Haircare1280 = at('lg', haircare);

/** Fragrance-free, vegan and silicone-free: the reason there is no scent, and each thing left out with why. */
export const FragranceFree360 = at('xs', {
  args: { formula: fragranceFreeFormula },
  play: async ({ canvasElement, args }) => {
    await checkCard(canvasElement, args.formula);
    const card = within(canvasElement);
    await expect(card.getByText('Fragrance-free')).toBeVisible();
    await expect(card.queryByText(/^Scent:/)).toBeNull();
    await expect(card.getByText('Free of silicones')).toBeVisible();
    await expect(card.getByText('You asked for silicone-free formulas.')).toBeVisible();
    await expect(card.getByText('Free of animal-derived ingredients')).toBeVisible();
  },
} satisfies Story);

/** A skincare serum with the scent the shopper chose. */
export const Skincare360 = at('xs', {
  args: { formula: skincareFormula },
  play: async ({ canvasElement, args }) => {
    await checkCard(canvasElement, args.formula);
    await expect(within(canvasElement).getByText('Scent: Blanca')).toBeVisible();
  },
} satisfies Story);

/** The hair supplement: amounts per daily serving instead of percents, and no scent line. */
const supplement: Story = {
  args: { formula: supplementFormula },
  play: async ({ canvasElement, args }) => {
    await checkCard(canvasElement, args.formula);
    const card = within(canvasElement);
    await expect(card.getByText('Key ingredients, per daily serving')).toBeVisible();
    await expect(card.getByText('2500 mcg')).toBeVisible();
    await expect(card.getByText('15 mg')).toBeVisible();
    await expect(canvasElement.querySelector('.formula__actives')?.textContent).not.toContain('%');
    await expect(canvasElement.querySelector('.formula__scent')).toBeNull();
  },
};
export const Supplement360 = at('xs', supplement);
export const Supplement1280 = at('lg', supplement);
