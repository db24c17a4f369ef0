import { describe, expect, it } from 'vitest';
import { flowEnvironment, flowSession } from '../../app/consultation/flow-environment.ts';
import { pageFlags, withDeviceOverrides } from '../../app/flags.ts';
import { forgetFlags, loadFlags } from '../../app/flags.ts';

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
  const pageWith = (text: string | null) => {
    const doc = document.implementation.createHTMLDocument('shop');
    if (text !== null) {
      const block = doc.createElement('script');
      block.type = 'application/json';
      block.id = 'shop-flags';
      block.textContent = text;
      doc.head.append(block);
    }
    return doc;
  };

  it('reads the flags the page carries (the server puts GET /flags’ answer in every page); none, or an unreadable block, is null', () => {
    localStorage.removeItem('shop.flags');
    expect(pageFlags(pageWith('{"signin_placement":"first","express-checkout":true}'))).toEqual({ signin_placement: 'first', 'express-checkout': true });
    expect(pageFlags(pageWith(null))).toBeNull();
    expect(pageFlags(pageWith('{not json'))).toBeNull();
  });

  it('a page with the API client at hand asks GET /flags when the page carries none: once per page load, again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const api = {
      getFlags: async () => {
        calls += 1;
        if (fail) throw new Error('offline');
        return { 'universal-cart': true };
      },
    };
    expect(await loadFlags(api)).toEqual({});
    fail = false;
    expect(await loadFlags(api)).toEqual({ 'universal-cart': true });
    expect(await loadFlags(api)).toEqual({ 'universal-cart': true });
    expect(calls).toBe(2);
    forgetFlags();
  });

  it('lets a device override flags (development builds only: production code keeps none of it), ignoring anything but a mapping of scalars', () => {
    const served = { signin_placement: 'before-first-private', livechat: false };
    localStorage.setItem('shop.flags', JSON.stringify({ signin_placement: 'after-welcome', nested: { no: 1 } }));
    expect(withDeviceOverrides(served, localStorage)).toEqual({ signin_placement: 'after-welcome', livechat: false });
    localStorage.setItem('shop.flags', '[1,2]');
    expect(withDeviceOverrides(served, localStorage)).toEqual(served);
    localStorage.setItem('shop.flags', '{not json');
    expect(withDeviceOverrides(served, localStorage)).toEqual(served);
    localStorage.removeItem('shop.flags');
    expect(withDeviceOverrides(null, localStorage)).toBeNull();
  });
});
