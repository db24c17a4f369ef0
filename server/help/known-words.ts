/**
 * A search term's tsquery built in the server's code from its words' stems, when every word was stemmed before
 * (server/help/README.md "Stemming words seen before"). A word's to_tsquery under the 'english' configuration never
 * changes (a fixed dictionary), and to_tsquery stems each word of a query alone (pushval_morph: the word's lexemes, or
 * a stop word's placeholder), then drops the stop words (tsquery_cleanup.c clean_stopword_intree: an operator with one
 * side gone is replaced by the other side, `!` over nothing goes, and phrase distances grow over a dropped word) and
 * prints the rest (tsquery.c infix). Those steps are done here as PostgreSQL does them, so the built query is the
 * database's to the character (tests/server/help/help-search-index.test.ts compares them).
 */

/** What a word alone becomes: its lexeme as PostgreSQL prints it (`'shampoo'`), '' for a stop word, null when it is more than one lexeme. */
export type WordStem = string | null;

/** A term (searchTerms' tsquery text) as PostgreSQL's to_tsquery parses it, before stemming. */
type TermNode =
  | { kind: 'word'; word: string; prefix: boolean }
  | { kind: 'not'; child: TermNode }
  | { kind: 'and' | 'or' | 'phrase'; distance: number; left: TermNode; right: TermNode };

/** The printed query's tree, stop words dropped: each operand as PostgreSQL prints it. */
type QueryTree =
  | { kind: 'operand'; text: string }
  | { kind: 'not'; child: QueryTree }
  | { kind: 'and' | 'or' | 'phrase'; distance: number; left: QueryTree; right: QueryTree };

/** PostgreSQL's operator priorities (tsquery.h): | below & below <N> below !. */
const PRIORITY = { or: 1, and: 2, phrase: 3, not: 4 } as const;
const WORD = /^[\p{L}\p{N}]+/u;

/** What a stem printed alone by the database says of the word: a single lexeme, a stop word, or more (not built here). */
export function wordStemOf(printed: string): WordStem {
  if (printed === '') return '';
  return /^'[^'\\]*'$/.test(printed) ? printed : null;
}

/**
 * The words of `terms` and its tree as to_tsquery parses it (left-associative, by priority), or null for a text this
 * builder does not take (anything but words, `:*`, `!`, `&`, `|`, `<->` and parentheses): the database answers it.
 * @example termTree('dry & shamp:*')!.words // ['dry', 'shamp']
 */
export function termTree(terms: string): { root: TermNode; words: string[] } | null {
  const words: string[] = [];
  let at = 0;
  const skipSpaces = () => {
    while (terms[at] === ' ') at++;
  };
  const primary = (): TermNode | null => {
    skipSpaces();
    if (terms[at] === '!') {
      at++;
      const child = primary();
      return child && { kind: 'not', child };
    }
    if (terms[at] === '(') {
      at++;
      const inner = expression(0);
      skipSpaces();
      if (!inner || terms[at] !== ')') return null;
      at++;
      return inner;
    }
    const word = WORD.exec(terms.slice(at))?.[0];
    if (!word) return null;
    at += word.length;
    const prefix = terms.startsWith(':*', at);
    if (prefix) at += 2;
    if (at < terms.length && terms[at] !== ' ' && terms[at] !== ')') return null;
    words.push(word);
    return { kind: 'word', word, prefix };
  };
  const operator = (): { kind: 'and' | 'or' | 'phrase'; length: number } | null => {
    skipSpaces();
    if (terms[at] === '&') return { kind: 'and', length: 1 };
    if (terms[at] === '|') return { kind: 'or', length: 1 };
    if (terms.startsWith('<->', at)) return { kind: 'phrase', length: 3 };
    return null;
  };
  const expression = (minPriority: number): TermNode | null => {
    let left = primary();
    while (left) {
      const op = operator();
      if (!op || PRIORITY[op.kind] <= minPriority) return left;
      at += op.length;
      const right = expression(PRIORITY[op.kind]);
      if (!right) return null;
      left = { kind: op.kind, distance: op.kind === 'phrase' ? 1 : 0, left, right };
    }
    return null;
  };
  const root = expression(0);
  skipSpaces();
  return root && at === terms.length ? { root, words } : null;
}

/**
 * to_tsquery's printed answer for the tree, from its words' stems (`stemOf`: undefined for a word not stemmed yet), or
 * undefined when a word is unknown or more than one lexeme (then the database answers).
 * @example builtQuery(termTree('the & shamp:*')!.root, (w) => ({ the: '', shamp: "'shamp'" })[w]) // "'shamp':*"
 */
export function builtQuery(root: TermNode, stemOf: (word: string) => WordStem | undefined): string | undefined {
  let unknown = false;
  const cleaned = withoutStopWords(root, (word, prefix) => {
    const stem = stemOf(word);
    if (stem === undefined || stem === null) {
      unknown = true;
      return '';
    }
    return stem === '' ? '' : prefix ? `${stem}:*` : stem;
  });
  if (unknown) return undefined;
  return cleaned.node ? printed(cleaned.node, 0, false) : '';
}

interface Cleaned {
  node: QueryTree | null;
  /** What to add to a phrase distance on the left and on the right of this node (clean_stopword_intree's ladd, radd). */
  ladd: number;
  radd: number;
}

/** clean_stopword_intree: stop words (operand '') dropped, their operators with them, phrase distances adjusted. */
function withoutStopWords(node: TermNode, operand: (word: string, prefix: boolean) => string): Cleaned {
  if (node.kind === 'word') {
    const text = operand(node.word, node.prefix);
    return { node: text === '' ? null : { kind: 'operand', text }, ladd: 0, radd: 0 };
  }
  if (node.kind === 'not') {
    // NOT does not change a pattern's width: its child's distances pass through.
    const child = withoutStopWords(node.child, operand);
    return { ...child, node: child.node && { kind: 'not', child: child.node } };
  }
  const l = withoutStopWords(node.left, operand);
  const r = withoutStopWords(node.right, operand);
  const isPhrase = node.kind === 'phrase';
  const distance = isPhrase ? node.distance : 0;
  if (!l.node && !r.node) {
    const add = isPhrase ? l.ladd + distance + r.ladd : Math.max(l.ladd, r.ladd);
    return { node: null, ladd: add, radd: add };
  }
  if (!l.node) return { node: r.node, ladd: isPhrase ? l.ladd + distance + r.ladd : r.ladd, radd: r.radd };
  if (!r.node) return { node: l.node, ladd: l.ladd, radd: isPhrase ? l.radd + distance + r.radd : l.radd };
  if (isPhrase) return { node: { kind: 'phrase', distance: distance + l.radd + r.ladd, left: l.node, right: r.node }, ladd: l.ladd, radd: r.radd };
  return { node: { kind: node.kind, distance: 0, left: l.node, right: r.node }, ladd: 0, radd: 0 };
}

/** tsquery.c infix: parentheses where a child's priority is below its parent's, and around a phrase right of a phrase. */
function printed(node: QueryTree, parentPriority: number, rightOfPhrase: boolean): string {
  if (node.kind === 'operand') return node.text;
  if (node.kind === 'not') {
    const inner = `!${printed(node.child, PRIORITY.not, false)}`;
    return PRIORITY.not < parentPriority ? `( ${inner} )` : inner;
  }
  const priority = PRIORITY[node.kind];
  const right = printed(node.right, priority, node.kind === 'phrase');
  const left = printed(node.left, priority, false);
  const op = node.kind === 'or' ? '|' : node.kind === 'and' ? '&' : node.distance === 1 ? '<->' : `<${node.distance}>`;
  const text = `${left} ${op} ${right}`;
  return priority < parentPriority || (node.kind === 'phrase' && rightOfPhrase) ? `( ${text} )` : text;
}
