import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { compileFlowSource, formatIssue } from '#engine/compiler';
import {
  anonymousEnvironment,
  createFlowMachine,
  createFlowRuntime,
  describeStep,
  flowStep,
  type Answers,
  type FlowEnvironment,
  type FlowRuntime,
  type SaveRequest,
  type SaveResult,
} from '#engine';
import { flow, stepOf } from './support/flows';

const haircarePath = 'flows/checkout/haircare.yaml';
/** The haircare checkout for a cart with these facts (a shopper who pays, whose cart ships, by default). */
function checkout(cart: Record<string, number | boolean> = {}, env: Partial<FlowEnvironment> = {}): FlowRuntime {
  const context = { 'cart.need_address': true, 'cart.payment_from_customer': 6800, 'cart.has_subscription': false, 'checkout.express': false, ...cart };
  return createFlowRuntime(flow(haircarePath), anonymousEnvironment({ session: 'guest', context, ...env }));
}
const scope = (r: FlowRuntime, answers: Answers) => ({ answers, env: r.env, variants: r.variants });
/** The steps a shopper meets for these answers, in order. */
const path = (r: FlowRuntime, answers: Answers = {}) => r.steps.filter((s) => r.isIncluded(s, scope(r, answers))).map((s) => s.name);

describe('spec 001 §2 the checkout is a flow the engine compiles', () => {
  it('has the steps and labels of §2: Account/Shipping, Shipping address, Payment, Review, Order Success', () => {
    for (const category of ['haircare', 'skincare']) {
      const compiled = flow(`flows/checkout/${category}.yaml`);
      expect(compiled.kind).toBe('checkout');
      expect(compiled.steps.map((s) => [s.name, s.route])).toEqual([
        ['account-details', `/checkout/${category}/account-details`],
        ['shipping-address', `/checkout/${category}/shipping-address`],
        ['payment', `/checkout/${category}/payment`],
        ['confirmation', `/checkout/${category}/confirmation`],
        ['wait-payment-confirmation', `/checkout/${category}/wait-payment-confirmation`],
      ]);
      expect(compiled.routes.results).toBe(`/checkout/${category}/success`);
      expect(compiled.sections.map((s) => s.label)).toEqual(['Account/Shipping', 'Payment', 'Review', 'Order Success']);
      // §2 wait-payment-confirmation (Order Success): the step waiting for the bank is labelled Order Success.
      const label = (step: string) => compiled.sections.find((s) => s.id === compiled.steps.find((x) => x.name === step)!.section)!.label;
      expect(label('wait-payment-confirmation')).toBe('Order Success');
      expect(label('confirmation')).toBe('Review');
    }
  });

  it('§4: the address step only when need_address is true and no shipping_address is set', () => {
    expect(path(checkout())).toContain('shipping-address');
    expect(path(checkout(), { shipping_address: 'adr_1' })).not.toContain('shipping-address');
    expect(path(checkout({ 'cart.need_address': false }))).not.toContain('shipping-address');
    // Choosing "a new address" on account-details clears the choice, and the address step comes back.
    expect(path(checkout(), { shipping_address: null })).toContain('shipping-address');
  });

  it('§4: no payment step when payment_from_customer is 0 and no item is a subscription, unless it is an express checkout', () => {
    expect(path(checkout({ 'cart.payment_from_customer': 0 }))).not.toContain('payment');
    expect(path(checkout({ 'cart.payment_from_customer': 0, 'cart.has_subscription': true }))).toContain('payment');
    expect(path(checkout({ 'cart.payment_from_customer': 0, 'checkout.express': true }))).toContain('payment');
    expect(path(checkout({ 'cart.payment_from_customer': 1 }))).toContain('payment');
  });

  it('§2: the wait-payment-confirmation step only for an order the bank holds, or one it refused (§8)', () => {
    const wait = stepOf(checkout(), 'wait-payment-confirmation');
    expect(wait.included({ order_status: 'requires_action' })).toBe(true);
    expect(wait.included({ order_status: 'payment_failed' })).toBe(true);
    expect(wait.included({ order_status: 'paid' })).toBe(false);
    expect(stepOf(checkout(), 'confirmation').next({ order: 'ord_1', order_status: 'paid' })).toBe('results');
  });

  it('§2: giftee and gifter variants of the steps, chosen by ?gift=', () => {
    const title = (gift?: string) => {
      const r = checkout({}, gift ? { query: { gift } } : {});
      return describeStep(r, stepOf(r, 'account-details').step, scope(r, {})).text.title;
    };
    expect(title()).toBe('Your details');
    expect(title('giftee')).toBe('Claim your gift');
    const gifter = checkout({}, { query: { gift: 'gifter' } });
    expect(describeStep(gifter, stepOf(gifter, 'shipping-address').step, scope(gifter, {})).text.title).toBe('Where should we send the gift?');
  });

  it('a form step reads its fields back as its selection and writes a role left out as null', () => {
    const payment = stepOf(checkout(), 'payment');
    expect(payment.selection({ payment_method: 'newCard', payment_token: 'tok_1', save_card: true })).toEqual({
      method: 'newCard',
      token: 'tok_1',
      save_card: true,
    });
    expect(payment.saves({ method: 'pm_1', label: 'Visa •••• 4242' })).toEqual({
      payment_method: 'pm_1',
      payment_token: null,
      save_card: null,
      payment_label: 'Visa •••• 4242',
    });
    expect(payment.step.saveMode).toBe('none'); // the token stays in the checkout until the order is placed
    expect(stepOf(checkout(), 'account-details').step.saveMode).toBe('answers');
  });

  it('answers a save brings back lead the way: an order waiting for the bank goes to wait-payment-confirmation', async () => {
    const runtime = checkout({}, {});
    const saves: SaveRequest[] = [];
    const machine = createFlowMachine(runtime).provide({
      actors: {
        saveAnswers: fromPromise<SaveResult | void, SaveRequest>(async ({ input }) => {
          saves.push(input);
          return input.step.kind === 'review' ? { answers: { order: 'ord_1', order_status: 'requires_action' } } : {};
        }),
      },
    });
    const actor = createActor(machine, {
      input: { runtime, route: '/checkout/haircare/confirmation', answers: { shipping_address: 'adr_1', payment_method: 'newCard', payment_token: 'tok' } },
    }).start();
    expect(flowStep(actor.getSnapshot())?.name).toBe('confirmation');
    actor.send({ type: 'NEXT' });
    await new Promise((r) => setTimeout(r, 0));
    expect(saves.map((s) => s.step.name)).toEqual(['confirmation']);
    expect(flowStep(actor.getSnapshot())?.name).toBe('wait-payment-confirmation');
    expect(actor.getSnapshot().context.answers.order).toBe('ord_1');
  });

  it('a checkout step kind in a consultation is an error at its file:line:column', () => {
    const source = [
      'id: broken',
      'category: haircare',
      'kind: consultation',
      'routes: { base: /consultation/broken, results: /consultation/broken/results }',
      'sections: [ { id: a, label: A } ]',
      'steps:',
      '  - name: pay',
      '    kind: payment',
      '    route: pay',
      '',
    ].join('\n');
    const result = compileFlowSource(source, 'flows/consultation/broken.yaml');
    expect(result.flow).toBeUndefined();
    expect(result.issues.map((i) => formatIssue(i, source))).toEqual([
      expect.stringContaining(
        'flows/consultation/broken.yaml:8:11  kind_not_for_flow\n  Step kind "payment" belongs in a checkout flow, and this flow is a consultation.',
      ),
    ]);
  });
});
