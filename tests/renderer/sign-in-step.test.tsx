import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { signin } from '../../stories/fixtures/haircare-screens';
import { signInMessages, signUpFieldErrors, type SignUpResult } from '../../renderer/components';

function described(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

async function fillAndSend(result: SignUpResult | Promise<SignUpResult>) {
  const rendered = renderStep(signin, { signUp: async () => result });
  const { user } = rendered;
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return rendered;
}

describe('spec 000 §2.7: the sign-in/save step', () => {
  it('collects first name, last name and e-mail with labels and autocomplete', () => {
    renderStep(signin);
    expect(screen.getByRole('textbox', { name: 'First name' }).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByRole('textbox', { name: 'Last name' }).getAttribute('autocomplete')).toBe('family-name');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('autocomplete')).toBe('email');
  });

  it('shows the terms followed by links to /terms and /privacy, and the resume link to /signin', () => {
    renderStep(signin);
    expect(screen.getByText(/I acknowledge I have read and agree to the/).textContent).toContain('End User License and Terms of Service and Privacy Policy.');
    expect(screen.getByRole('link', { name: 'End User License and Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Already gave us your email? Resume here.' }).getAttribute('href')).toBe('/signin');
  });

  it('signs up with the trimmed form and moves on when the account is made', async () => {
    const { signUp, onNext } = await fillAndSend({ kind: 'signed-up' });
    expect(signUp).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('says a sign-in link was sent when the e-mail already has an account', async () => {
    const { onNext } = await fillAndSend({ kind: 'magic-link-sent' });
    expect(screen.getByRole('status').textContent).toBe(signInMessages.magicLinkSent('ada@example.com'));
    expect(onNext).not.toHaveBeenCalled();
  });

  it('shows a generic error for any other failure, and when the service throws', async () => {
    const first = await fillAndSend({ kind: 'error' });
    expect(screen.getByRole('alert').textContent).toBe(signInMessages.error);
    first.unmount();
    const failing = Promise.reject(new Error('network down'));
    failing.catch(() => undefined); // handled by the step once it awaits it; this only keeps Node from reporting it early
    await fillAndSend(failing);
    expect(screen.getByRole('alert').textContent).toBe(signInMessages.error);
  });

  it('checks the form before asking the server', async () => {
    const { user, signUp } = renderStep(signin);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(signUp).not.toHaveBeenCalled();
    expect(described(screen.getByRole('textbox', { name: 'First name' }))).toBe(signInMessages.first_name);
    expect(described(screen.getByRole('textbox', { name: 'Email' }))).toBe(signInMessages.emailFormat);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' }));
  });
});

describe('spec 000 §5.6: sign-up field errors go on the right fields', () => {
  it('maps first_name and last_name to their fields; email, username and other keys to the e-mail field, joined with spaces', () => {
    expect(signUpFieldErrors({ first_name: ['Too long.'], username: ['Taken.'], email: ['Invalid.', 'Blocked.'], coupon: ['Odd.'] })).toEqual({
      first_name: 'Too long.',
      email: 'Taken. Invalid. Blocked. Odd.',
    });
  });

  it('shows each server error on its field, tied by aria-describedby, and focuses the first', async () => {
    await fillAndSend({ kind: 'field-errors', fields: { last_name: 'Enter a shorter name.', email: 'This e-mail is not allowed.' } });
    const first = screen.getByRole('textbox', { name: 'First name' });
    const last = screen.getByRole('textbox', { name: 'Last name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(described(last)).toBe('Enter a shorter name.');
    expect(described(email)).toBe('This e-mail is not allowed.');
    expect(document.activeElement).toBe(last);
  });

  describe('signed in with an e-mail alone (spec 000 §2.7 "signed up without names", §6 "asked for them again")', () => {
    it('asks only for the names, says where the results are saved, saves them and moves on', async () => {
      const { user, saveNames, signUp, onNext } = renderStep(signin, { facts: { accountEmail: 'ada@example.com' } });
      expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
      expect(screen.getByText(signInMessages.savingTo('ada@example.com'))).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: 'First name' }), ' Ada ');
      await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(saveNames).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Lovelace' });
      expect(signUp).not.toHaveBeenCalled();
      expect(onNext).toHaveBeenCalledTimes(1);
    });

    it('names a missing name on its field, and saves nothing', async () => {
      const { user, saveNames, onNext } = renderStep(signin, { facts: { accountEmail: 'ada@example.com' } });
      await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(described(screen.getByRole('textbox', { name: 'Last name' }))).toBe(signInMessages.last_name);
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Last name' }));
      expect(saveNames).not.toHaveBeenCalled();
      expect(onNext).not.toHaveBeenCalled();
    });

    it('shows the server’s field errors, and a generic error when saving fails', async () => {
      const refused = renderStep(signin, {
        facts: { accountEmail: 'ada@example.com' },
        saveNames: async () => ({ kind: 'field-errors', fields: { first_name: 'Ensure this field has no more than 150 characters.' } }),
      });
      await refused.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
      await refused.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
      await refused.user.click(screen.getByRole('button', { name: 'Next' }));
      expect(described(screen.getByRole('textbox', { name: 'First name' }))).toBe('Ensure this field has no more than 150 characters.');
      refused.unmount();
      const failing = renderStep(signin, { facts: { accountEmail: 'ada@example.com' }, saveNames: async () => ({ kind: 'error' }) });
      await failing.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
      await failing.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
      await failing.user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('alert').textContent).toBe(signInMessages.namesError);
      expect(failing.onNext).not.toHaveBeenCalled();
    });
  });
});
