import type { CompiledOption, OptionValue } from '#engine';

/** Whether a stored value picks this option, counting legacy aliases (spec 000 §2.4: partial_or_tips shows as partial). */
export function optionMatches(option: CompiledOption, value: OptionValue | undefined): boolean {
  if (value === undefined) return false;
  return option.value === value || (option.aliases?.includes(value) ?? false);
}

/** The option values a stored list picks, aliases mapped onto their options. */
export function chosenValues(options: readonly CompiledOption[], selection: readonly OptionValue[]): OptionValue[] {
  return options.filter((o) => selection.some((v) => optionMatches(o, v))).map((o) => o.value);
}

/** The value attribute of an option's input: the stored answer value as text. */
export function inputValue(option: CompiledOption): string {
  return String(option.value);
}
