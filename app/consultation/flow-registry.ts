import { addContent, loadAllContent, loadContent, type CompiledFlow, type ContentChunk } from '#engine';

/**
 * The consultations the web app runs, each loaded (precompiled) only when opened; the list
 * /consultation/category offers is consultation-categories.ts. Flows arrive split (`?split`): their
 * logic, then the texts of the section the page is in (engine/runtime/flow-content.ts), so a first
 * visit downloads the words of one section only.
 */
export const consultationFlows: Record<string, () => Promise<CompiledFlow>> = {
  haircare: () => import('flows/consultation/haircare.yaml?split').then((m) => m.default),
  skincare: () => import('flows/consultation/skincare.yaml?split').then((m) => m.default),
};

/**
 * Loads a consultation with the texts of the step at `pathname` (the first step when the path names
 * none; every step's at the results, which sum up every answer), so the page the shopper opened draws at once.
 * @example await loadFlowFor('skincare', '/consultation/skincare/my-lifestyle/age')
 */
export async function loadFlowFor(category: string, pathname: string): Promise<CompiledFlow> {
  const flow = await consultationFlows[category]!();
  const path = pathname.replace(/\/$/, '');
  if (path === flow.routes.results) {
    await loadAllContent(flow);
    return flow;
  }
  const step = flow.steps.find((s) => s.route === path) ?? flow.steps[0];
  if (step) {
    await landingTexts(flow, category);
    await loadContent(flow, step.name); // at once when the landing texts had the step's words, else its section's
  }
  return flow;
}

/**
 * The texts the server preloaded for the page first opened, marked with the flow's category
 * (server/http/route-preloads.ts): its step's words and those of the steps that may follow
 * (engine/compile/landing-texts.ts), a fraction of its section's. Used once: a later page of the visit
 * loads its section's. Without them (development, a page opened from another), nothing to do.
 */
function landingTexts(flow: CompiledFlow, category: string): Promise<void> {
  const link = typeof document === 'undefined' ? null : document.querySelector<HTMLLinkElement>(`link[data-flow-texts="${category}"]`);
  if (!link) return Promise.resolve();
  link.removeAttribute('data-flow-texts');
  return import(/* @vite-ignore */ link.href).then(
    (m: { default: ContentChunk }) => addContent(flow, m.default),
    () => undefined, // the section's texts come instead
  );
}
