import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { zipcode } from '../../stories/fixtures/haircare-screens';
import { parsePostalCode, zipCodeMessages } from '../../renderer/components';

describe('spec 000 §2.4 (location): zip code validation', () => {
  it.each([
    ['10001', { zipcode: '10001', country: 'US' }],
    [' 94105-1234 ', { zipcode: '94105-1234', country: 'US' }],
    ['K1A 0B1', { zipcode: 'K1A 0B1', country: 'CA' }],
    ['k1a0b1', { zipcode: 'K1A 0B1', country: 'CA' }],
    ['m5v 2t6', { zipcode: 'M5V 2T6', country: 'CA' }],
    ['K1A-0B1', { zipcode: 'K1A 0B1', country: 'CA' }],
  ])('accepts %j', (input, expected) => {
    expect(parsePostalCode(input)).toEqual(expected);
  });

  it.each(['', '1234', '123456', '12345-67', 'ABCDE', 'D1A 1A1', 'W1A 1A1', 'K1A 0B'])('rejects %j', (input) => {
    expect(parsePostalCode(input)).toBeNull();
  });
});

describe('spec 000 §2.4 (location): the zip code step', () => {
  it('has one labelled field for postal codes', () => {
    renderStep(zipcode);
    const field = screen.getByRole('textbox', { name: 'Zip or postal code' });
    expect(field.getAttribute('autocomplete')).toBe('postal-code');
    expect(field.getAttribute('inputmode')).toBe('text');
  });

  it('reports {zipcode, country} and then moves on', async () => {
    const { user, onChange, onNext } = renderStep(zipcode);
    await user.type(screen.getByRole('textbox', { name: 'Zip or postal code' }), '10001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith({ zipcode: '10001', country: 'US' });
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onChange.mock.invocationCallOrder[0]).toBeLessThan(onNext.mock.invocationCallOrder[0]!);
  });

  it('derives Canada from the format, whatever the case and spacing', async () => {
    const { user, onChange } = renderStep(zipcode);
    await user.type(screen.getByRole('textbox', { name: 'Zip or postal code' }), 'h2x1y4{Enter}');
    expect(onChange).toHaveBeenCalledWith({ zipcode: 'H2X 1Y4', country: 'CA' });
  });

  it('shows an inline error tied to the field, keeps focus there, and does not move on', async () => {
    const { user, onChange, onNext } = renderStep(zipcode);
    const field = screen.getByRole('textbox', { name: 'Zip or postal code' });
    await user.type(field, '1234{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(zipCodeMessages.invalid);
    expect(document.activeElement).toBe(field);
    expect(onChange).not.toHaveBeenCalled();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('asks for a code when the field is empty, and clears the error once the code is right', async () => {
    const { user } = renderStep(zipcode);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(zipCodeMessages.empty)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Zip or postal code' }), '10001');
    expect(screen.queryByText(zipCodeMessages.empty)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Zip or postal code' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('pre-fills the stored zip code', () => {
    renderStep({ ...zipcode, selection: { zipcode: '60601', country: 'US' } });
    expect(screen.getByRole('textbox', { name: 'Zip or postal code' })).toHaveProperty('value', '60601');
  });
});
