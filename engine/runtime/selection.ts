import type { OptionValue } from '../schema/flow-schema.ts';
import type { CompiledOption } from '../compile/compiled-flow.ts';

/**
 * Toggles one option of a multi-select answer (spec 000 §5.1): an exclusive option
 * ("none", "None of the above", ...) clears every other; any other option clears the exclusive ones.
 * @example toggleOption(options, ['indoors'], 'none') // ['none']
 */
export function toggleOption(options: readonly CompiledOption[], selection: readonly OptionValue[], value: OptionValue): OptionValue[] {
  if (selection.includes(value)) return selection.filter((v) => v !== value);
  const exclusive = new Set(options.filter((o) => o.exclusive).map((o) => o.value));
  if (exclusive.has(value)) return [value];
  return [...selection.filter((v) => !exclusive.has(v)), value];
}
