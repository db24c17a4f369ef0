import type { CompiledFlow } from './compiled-flow.ts';

/** Flags that are false unless a flow says otherwise; the browser payload leaves the false ones out. */
const falseByDefault = new Set(['exclusive', 'retired', 'public', 'replaceHistory']);

/**
 * The compiled flow as shipped to the browser: JSON without the rules' source paths (only the
 * checker needs them) and without flags at their default false, which readers treat as absent.
 */
export function serializeFlow(flow: CompiledFlow): string {
  // Variants' and question sets' descriptions are for editors; `description` elsewhere (options) is shown.
  const forEditors = (holder: unknown, key: string) =>
    key === 'description' && holder !== null && typeof holder === 'object' && ('options' in holder || 'steps' in holder) && !('value' in holder);
  return JSON.stringify(flow, function (key, value) {
    if (key === 'path' || (falseByDefault.has(key) && value === false) || forEditors(this, key)) return undefined;
    return value;
  });
}
