import { describe, expect, it } from 'vitest';
import { flowEnvironment, flowSession } from '../../app/consultation/flow-environment.ts';
import { forgetFlags, loadFlags, withDeviceOverrides } from '../../app/flags.ts';

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
  it('runs on the flags it is given (GET /flags), so the flow picks its variants from the shop’s flags', () => {
    expect(flowEnvironment('not_authenticated', null, '', undefined, { signin_placement: 'first' }).flags).toEqual({ signin_placement: 'first' });
    expect(flowEnvironment('not_authenticated', null, '').flags).toEqual({});
  });
});

describe('feature flags from one source (app/flags.ts; API.md GET /flags)', () => {
  it('asks GET /flags once per page load, and again after a failure, which gives no flags', async () => {
    forgetFlags();
    let calls = 0;
    let fail = true;
    const api = {
      getFlags: async () => {
        calls += 1;
        if (fail) throw new Error('offline');
        return { 'express-checkout': true, signin_placement: 'first' };
      },
    };
    expect(await loadFlags(api)).toEqual({});
    fail = false;
    expect(await loadFlags(api)).toMatchObject({ 'express-checkout': true, signin_placement: 'first' });
    expect(await loadFlags(api)).toMatchObject({ signin_placement: 'first' });
    expect(calls).toBe(2);
    forgetFlags();
  });

  it('lets a device override flags in development only, ignoring anything that is not a mapping of scalars', () => {
    const served = { signin_placement: 'before-first-private', livechat: false };
    localStorage.setItem('shop.flags', JSON.stringify({ signin_placement: 'after-welcome', nested: { no: 1 } }));
    expect(withDeviceOverrides(served, localStorage, true)).toEqual({ signin_placement: 'after-welcome', livechat: false });
    // A production build never lets the device choose.
    expect(withDeviceOverrides(served, localStorage, false)).toEqual(served);
    localStorage.setItem('shop.flags', '[1,2]');
    expect(withDeviceOverrides(served, localStorage, true)).toEqual(served);
    localStorage.setItem('shop.flags', '{not json');
    expect(withDeviceOverrides(served, localStorage, true)).toEqual(served);
    localStorage.removeItem('shop.flags');
  });
});
