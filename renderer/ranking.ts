import type { CompiledOption } from '#engine';
import type { RankingFacts } from './step-props';

/** One option as a ranked step lists it: its rank, its label, and the reason line already written out. */
export interface RankedOption<O extends CompiledOption = CompiledOption> {
  option: O;
  rank?: number;
  label?: 'top' | 'not-recommended';
  reason?: string;
}

/** The step's words for reasons: what each reason_why_slug says the shopper indicated, and the sentence around it. */
export interface ReasonCopy {
  reasons?: Record<string, string>;
  /** "Because you indicated that {reason}, we recommend fragrance-free for you." */
  reasonText?: string;
}

/** The slug a server ranking names the option by: its catalogue slug, else its value, in lower case. */
export function rankingSlug(option: CompiledOption): string {
  return String(option.slug ?? option.value).toLowerCase();
}

/**
 * Orders a step's options by the server's ranking (spec 000 §2.5, §3.5, §3.6): ranked options first, best
 * first, the best labelled "top"; the others keep the flow's order after them, labelled "not-recommended".
 * Server slugs no option has are logged and dropped (§8). Without a ready ranking (none, loading, failed, or
 * naming no option) the options keep the flow's order and carry no label: the shopper can always choose.
 * @example rankOptions(step.options, { status: 'ready', items: [{ slug: 'frag_free', rank: 1 }] }, step.ranking)
 */
export function rankOptions<O extends CompiledOption>(options: readonly O[], ranking?: RankingFacts, copy: ReasonCopy = {}): RankedOption<O>[] {
  const unranked = options.map((option) => ({ option }));
  if (ranking?.status !== 'ready') return unranked;

  const bySlug = new Map(options.map((option) => [rankingSlug(option), option] as const));
  const ranked = new Map<O, RankedOption<O>>();
  for (const item of [...ranking.items].sort((a, b) => a.rank - b.rank)) {
    const option = bySlug.get(item.slug.toLowerCase());
    if (!option) {
      console.warn(`Ranking: unknown slug "${item.slug}" from the server, dropped (spec 000 §8).`);
      continue;
    }
    if (ranked.has(option)) continue; // listed twice: its best rank counts
    ranked.set(option, { option, rank: item.rank, ...reasonOf(item.reason_why_slug, copy) });
  }
  if (ranked.size === 0) return unranked;

  const first = [...ranked.values()];
  first[0]!.label = 'top';
  const rest = options.filter((o) => !ranked.has(o)).map((option): RankedOption<O> => ({ option, label: 'not-recommended' }));
  return [...first, ...rest];
}

function reasonOf(slug: string | null | undefined, copy: ReasonCopy): { reason?: string } {
  if (!slug) return {};
  const text = copy.reasons?.[slug];
  if (!text) {
    console.warn(`Ranking: no text for the reason "${slug}"; the reason line is left out.`);
    return {};
  }
  const sentence = copy.reasonText ?? 'Because you indicated that {reason}, we recommend fragrance-free for you.';
  return { reason: sentence.replaceAll('{reason}', text) };
}
