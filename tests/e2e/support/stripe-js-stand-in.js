/* global window, document, location */
// A recorded stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served to the browser by the
// end-to-end tests in its place (tests/e2e/support/stripe-stand-in.ts): the machine has no outside network, and a test
// must not depend on Stripe's servers. It keeps the few parts the shop uses, with the shapes Stripe documents:
// `Stripe(publishableKey).elements().create('card')`, the element's `mount`, `on('change' | 'focus' | 'blur')`,
// `focus`, `destroy`, and `stripe.createToken(cardElement, {name})` answering `{token}` (a Token object: `tok_…`, its
// card's brand, last4 and expiry) or `{error}` (type, code, message). As with Stripe, the card is typed into an iframe
// of https://js.stripe.com (./stripe-card-frame.html), never into the shop's page: the page only receives the frame's
// messages (empty, complete, error) and, on createToken, the token. Nothing here calls api.stripe.com.
(() => {
  const ORIGIN = 'https://js.stripe.com';

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey)) {
      throw new Error('Invalid API Key provided: a publishable key starts with pk_test_ or pk_live_.');
    }
    const handlers = { change: [], focus: [], blur: [], ready: [] };
    const waiting = new Map();
    let frame = null;
    let last = 0;
    const emit = (event, payload) => handlers[event].forEach((handler) => handler(payload));

    window.addEventListener('message', (event) => {
      if (event.origin !== ORIGIN || !frame || event.source !== frame.contentWindow) return;
      const data = event.data || {};
      if (data.type === 'ready') emit('ready', { elementType: 'card' });
      if (data.type === 'change') emit('change', { elementType: 'card', empty: data.empty, complete: data.complete, error: data.error, brand: data.brand });
      if (data.type === 'focus' || data.type === 'blur') emit(data.type, { elementType: 'card' });
      if (data.type === 'token' && waiting.has(data.id)) {
        waiting.get(data.id)(data.result);
        waiting.delete(data.id);
      }
    });

    const card = {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error('The card element could not find its mount point.');
        frame = document.createElement('iframe');
        frame.src = `${ORIGIN}/v3/elements-inner-card.html#origin=${encodeURIComponent(location.origin)}`;
        frame.title = 'Secure card payment input frame';
        frame.setAttribute('allowtransparency', 'true');
        frame.style.border = '0';
        frame.style.width = '100%';
        frame.style.height = '1.6em';
        frame.style.display = 'block';
        node.appendChild(frame);
        node.classList.add('StripeElement');
      },
      on(event, handler) {
        if (handlers[event]) handlers[event].push(handler);
        return card;
      },
      focus() {
        if (frame && frame.contentWindow) frame.contentWindow.postMessage({ type: 'focus' }, ORIGIN);
      },
      destroy() {
        if (frame) frame.remove();
        frame = null;
      },
    };

    return {
      elements() {
        return {
          create(type) {
            if (type !== 'card') throw new Error(`This stand-in has the card element only, not "${type}".`);
            return card;
          },
        };
      },
      createToken(element, data) {
        if (element !== card || !frame || !frame.contentWindow) return Promise.reject(new Error('createToken needs a mounted card element.'));
        const id = ++last;
        return new Promise((resolve) => {
          waiting.set(id, resolve);
          frame.contentWindow.postMessage({ type: 'tokenize', id, name: (data && data.name) || null }, ORIGIN);
        });
      },
      // @stripe/stripe-js tells Stripe.js which wrapper loaded it.
      _registerWrapper() {},
    };
  }
  // The release @stripe/stripe-js expects (it warns when another is loaded).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
