import type { CompiledFlow, CompiledStep } from '../compile/compiled-flow.ts';

/**
 * The steps in the order a shopper meets them once variants are chosen: steps with a placement
 * move to their position for the selected variant option (and leave the flow if it has none).
 * @example orderSteps(haircare, { 'signin-placement': 'first' })[0].name // 'signin'
 */
export function orderSteps(flow: CompiledFlow, variants: Record<string, string>): CompiledStep[] {
  const fixed: CompiledStep[] = flow.steps.filter((s) => !s.placement).map(stripPlacement);
  const lastSection = flow.sections[flow.sections.length - 1]!.id;
  for (const step of flow.steps) {
    if (!step.placement) continue;
    const at = step.placement.at[variants[step.placement.variant] ?? ''];
    if (!at) continue;
    let index = fixed.length;
    if (at.first) index = 0;
    else if (at.before)
      index = Math.max(
        0,
        fixed.findIndex((s) => s.name === at.before),
      );
    else if (at.after) index = fixed.findIndex((s) => s.name === at.after) + 1;
    else if (at.beforeFirstPrivate) {
      const firstPrivate = fixed.findIndex((s) => !s.public);
      index = firstPrivate === -1 ? fixed.length : firstPrivate;
    }
    if (index < 0) index = fixed.length;
    // Without a section of its own, a placed step takes the section of the step it lands before (or after).
    const neighbour = at.after ? fixed[index - 1] : (fixed[index] ?? fixed[index - 1]);
    const section = at.section === 'last' ? lastSection : (at.section ?? neighbour?.section ?? step.section);
    fixed.splice(index, 0, { ...stripPlacement(step), section } as CompiledStep);
  }
  return fixed;
}

function stripPlacement(step: CompiledFlow['steps'][number]): CompiledStep {
  if (!step.placement) return step;
  const { placement: _placement, ...rest } = step;
  return rest as CompiledStep;
}
