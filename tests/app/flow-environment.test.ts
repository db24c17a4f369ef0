import { describe, expect, it } from 'vitest';
import { flowEnvironment, flowSession, readFlags } from '../../app/consultation/flow-environment.ts';

const user = (overrides = {}) => ({ is_guest: false, first_name: 'Maya', last_name: 'Lopez', ...overrides }) as never;

describe('the environment a consultation runs in (spec 000 §4.5 signin rule, §6 roles)', () => {
  it('maps the session: no user is anonymous, guest tokens are a guest, else authenticated', () => {
    expect(flowSession('not_authenticated', null)).toBe('anonymous');
    expect(flowSession('authenticated', user({ is_guest: true }))).toBe('guest');
    expect(flowSession('authenticated', user())).toBe('authenticated');
    expect(flowSession('loading', user())).toBe('anonymous');
  });
  it('knows whether the user signed up without names', () => {
    expect(flowEnvironment('authenticated', user(), '').user.hasNames).toBe(true);
    expect(flowEnvironment('authenticated', user({ last_name: '' }), '').user.hasNames).toBe(false);
  });
  it('carries the query parameters of the entry URL (?signin-first=true)', () => {
    expect(flowEnvironment('not_authenticated', null, '?signin-first=true&is-returning=true').query).toEqual({
      'signin-first': 'true',
      'is-returning': 'true',
    });
  });
  it('reads feature flags from the device, ignoring anything that is not a mapping', () => {
    localStorage.setItem('shop.flags', JSON.stringify({ signin_placement: 'after-welcome' }));
    expect(readFlags(localStorage)).toEqual({ signin_placement: 'after-welcome' });
    localStorage.setItem('shop.flags', '[1,2]');
    expect(readFlags(localStorage)).toEqual({});
    localStorage.setItem('shop.flags', '{not json');
    expect(readFlags(localStorage)).toEqual({});
    localStorage.removeItem('shop.flags');
  });
});
