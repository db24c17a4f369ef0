import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What to answer on a step: option values for choices, text for the zip code, nothing for screens. */
export type Answer =
  | string
  | string[]
  | { zipcode: string }
  | { signUp: { firstName: string; lastName: string; email: string } }
  /** A multi-select whose follow-up modal opens: pick, Next, then the modal's button. */
  | { followUp: string[] }
  /** One value per row (the radio group named after the row's field), then Next. */
  | { matrix: Record<string, string> }
  | null;

/** The step on screen (the renderer marks its root with data-step). */
export async function currentStep(page: Page): Promise<string> {
  const root = page.locator('[data-step]');
  await root.first().waitFor();
  return (await root.first().getAttribute('data-step')) ?? '';
}

/**
 * Waits, for as long as it takes, until the step on screen is `name`: after the back button, a reload or a deep
 * link the app draws the step a moment later (a popstate is handled after Playwright's goBack returns), so a test
 * reading the step at once could see the one before. No clock of its own: the test's timeout is the only limit.
 */
export async function reachesStep(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-step]')?.getAttribute('data-step') === n, name, { timeout: 0 });
}

/**
 * Waits, for as long as it takes, until the step on screen is no longer `name`. No clock of its own: on a busy machine
 * a step may take seconds to go, and the test's own timeout is the only limit.
 */
export async function leaves(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-step]')?.getAttribute('data-step') !== n, name, { timeout: 0 });
}

const primary = (page: Page) => page.locator('[data-step] button.button--primary').last();

/** Clicks an option's label, as a shopper taps it (the native input sits under its styled label). */
async function pick(page: Page, type: 'radio' | 'checkbox', value: string): Promise<void> {
  const input = page.locator(`[data-step] input[type="${type}"][value="${value}"]`);
  const id = await input.getAttribute('id');
  await page.locator(`label[for="${id}"]`).first().click();
}

/** Answers the step on screen as a shopper would (click the option, press Next) and waits until it goes. */
export async function answer(page: Page, value: Answer): Promise<void> {
  const step = await currentStep(page);
  if (value === null) {
    await primary(page).click();
  } else if (typeof value === 'string') {
    await pick(page, 'radio', value);
  } else if (Array.isArray(value)) {
    for (const v of value) await pick(page, 'checkbox', v);
    await primary(page).click();
  } else if ('followUp' in value) {
    for (const v of value.followUp) await pick(page, 'checkbox', v);
    await primary(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('button.button--primary').click();
  } else if ('matrix' in value) {
    for (const [field, v] of Object.entries(value.matrix)) {
      const id = await page.locator(`[data-step] input[type="radio"][name="${field}"][value="${v}"]`).getAttribute('id');
      await page.locator(`label[for="${id}"]`).first().click();
    }
    await primary(page).click();
  } else if ('zipcode' in value) {
    await page.locator('[data-step] input[type="text"]').fill(value.zipcode);
    await primary(page).click();
  } else {
    await page.getByLabel(/first name/i).fill(value.signUp.firstName);
    await page.getByLabel(/last name/i).fill(value.signUp.lastName);
    await page.getByLabel(/e-?mail/i).fill(value.signUp.email);
    await primary(page).click();
  }
  await leaves(page, step);
}

/** Answers steps in order, checking each is the one expected. */
export async function answerAll(page: Page, plan: [string, Answer][]): Promise<void> {
  for (const [name, value] of plan) {
    expect(await currentStep(page), `expected step "${name}"`).toBe(name);
    await answer(page, value);
  }
}
