import type { CompiledFlow } from './compiled-flow.ts';
import type { ContentChunk } from '../runtime/flow-content.ts';
import { orderSteps } from '../runtime/order-steps.ts';
import { defaultVariants } from '../runtime/select-variants.ts';

/** How many steps after a landing step travel with its texts, at most (the first one shown for any answer ends the list). */
const FOLLOWING_STEPS = 3;

/**
 * The texts a page a first visit opens needs before the shopper answers, one chunk per route (by the name of the first
 * step with that route, as the server finds it): the words of the steps at that route (a welcome's variants share one),
 * and of the steps that may follow each of them, in the order the default variants give, up to the first that is
 * shown whatever the answers (no `when`), at most three. Moving on from the page a shopper landed on then waits for
 * nothing: answering loads every section (app/flow/use-flow-content.ts) before the step after that. Node side.
 * @example Object.keys(landingChunks(flow, splitFlowContent(flow).chunks).length) // ['length', 'texture']
 */
export function landingChunks(flow: CompiledFlow, chunks: Record<string, ContentChunk>): Record<string, ContentChunk> {
  const words = new Map(Object.values(chunks).flatMap((chunk) => Object.entries(chunk)));
  const order = orderSteps(flow, defaultVariants(flow));
  const landings: Record<string, ContentChunk> = {};
  for (const step of flow.steps) {
    const key = flow.steps.find((s) => s.route === step.route)!.name;
    const landing = (landings[key] ??= {});
    const at = order.findIndex((s) => s.name === step.name);
    const following = at === -1 ? [] : order.slice(at + 1, at + 1 + FOLLOWING_STEPS);
    const end = following.findIndex((s) => !s.when);
    for (const shown of [step, ...(end === -1 ? following : following.slice(0, end + 1))]) landing[shown.name] = words.get(shown.name) ?? {};
  }
  return landings;
}
