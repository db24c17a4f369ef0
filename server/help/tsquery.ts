/**
 * A PostgreSQL tsquery as PostgreSQL prints it (`'dri' & 'shampoo':*`, `( 'ship' <-> 'now' ) | !'cancel'`), parsed and
 * evaluated in the server's code with the same rules as PostgreSQL's `@@` (src/backend/utils/adt/tsvector_op.c
 * TS_execute): & and | and ! over whether a lexeme is present, and <N> (phrase) over positions: `a <N> b` holds where
 * b stands N positions after a, and it ends where its right side ends.
 * Only what the help centre's terms can give is taken (search-terms.ts: words, phrases of words, |, !, a prefix); a
 * phrase holding |, & or ! is refused (UnsupportedQuery) and the search then asks the database.
 */

/** One lexeme of the query: its text, whether it is a prefix (`:*`), and the weights it is limited to (bit 3 is A). */
/**
 * A lexeme as PostgreSQL prints it inside quotes (in a tsvector or a tsquery), read from just after its opening quote:
 * a doubled quote or a backslash escapes the next character. Gives the lexeme and where its closing quote ends, or
 * null when it is never closed.
 */
export function quotedLexeme(text: string, start: number): { lexeme: string; end: number } | null {
  let at = start;
  let lexeme = '';
  for (;;) {
    const ch = text[at];
    if (ch === undefined) return null;
    if (ch === '\\') {
      lexeme += text[at + 1] ?? '';
      at += 2;
    } else if (ch === "'") {
      if (text[at + 1] !== "'") return { lexeme, end: at + 1 };
      lexeme += "'";
      at += 2;
    } else {
      lexeme += ch;
      at++;
    }
  }
}

export interface QueryOperand {
  lexeme: string;
  prefix: boolean;
  /** 0: any weight; else bit w set for each weight allowed (A = 3, B = 2, C = 1, D = 0), as PostgreSQL keeps it. */
  weights: number;
}

export type QueryNode =
  | { kind: 'term'; operand: number }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'phrase'; distance: number; left: QueryNode; right: QueryNode };

/** A parsed query: its tree over `operands` (an operand appears once per place it is written, as in PostgreSQL). */
export interface ParsedQuery {
  root: QueryNode;
  operands: QueryOperand[];
  /** Whether some phrase needs positions (otherwise presence alone decides). */
  positional: boolean;
}

/** A query the server's evaluation does not take (a phrase over |, & or !): the database answers it. */
export class UnsupportedQuery extends Error {}

const WEIGHT_BITS: Record<string, number> = { A: 1 << 3, B: 1 << 2, C: 1 << 1, D: 1 };
/** PostgreSQL's operator priorities (tsquery.c): | below & below <N> below !. */
const PRIORITY = { or: 1, and: 2, phrase: 3 } as const;

/**
 * Parses PostgreSQL's printed tsquery; null for the empty query (stop words alone), which matches nothing.
 * @example parseTsquery("'dri' & 'shampoo':*")!.operands // [{lexeme: 'dri', ...}, {lexeme: 'shampoo', prefix: true, ...}]
 */
export function parseTsquery(text: string): ParsedQuery | null {
  const operands: QueryOperand[] = [];
  let at = 0;
  let positional = false;
  const skipSpaces = () => {
    while (text[at] === ' ') at++;
  };
  const fail = (what: string): never => {
    throw new Error(`tsquery: ${what} at ${at} in ${JSON.stringify(text)}`);
  };

  const primary = (): QueryNode => {
    skipSpaces();
    const c = text[at];
    if (c === '!') {
      at++;
      return { kind: 'not', child: primary() };
    }
    if (c === '(') {
      at++;
      const inner = expression(0);
      skipSpaces();
      if (text[at] !== ')') fail('")" expected');
      at++;
      return inner;
    }
    if (c !== "'") return fail('a lexeme expected');
    const quoted = quotedLexeme(text, at + 1);
    if (!quoted) return fail('an unclosed lexeme');
    const lexeme = quoted.lexeme;
    at = quoted.end;
    let prefix = false;
    let weights = 0;
    if (text[at] === ':') {
      at++;
      for (; at < text.length; at++) {
        const ch = text[at]!;
        if (ch === '*') prefix = true;
        else if (WEIGHT_BITS[ch.toUpperCase()] !== undefined) weights |= WEIGHT_BITS[ch.toUpperCase()]!;
        else break;
      }
    }
    operands.push({ lexeme, prefix, weights });
    return { kind: 'term', operand: operands.length - 1 };
  };

  /** The next binary operator, if any, without taking it. */
  const peekOperator = (): { kind: 'and' | 'or' | 'phrase'; distance: number; length: number } | null => {
    skipSpaces();
    const c = text[at];
    if (c === '&') return { kind: 'and', distance: 0, length: 1 };
    if (c === '|') return { kind: 'or', distance: 0, length: 1 };
    if (c === '<') {
      const m = /^<(-|\d+)>/.exec(text.slice(at));
      if (!m) return fail('a phrase operator expected');
      return { kind: 'phrase', distance: m[1] === '-' ? 1 : Number(m[1]), length: m[0].length };
    }
    return null;
  };

  // Precedence climbing, every operator left-associative.
  const expression = (minPriority: number): QueryNode => {
    let left = primary();
    for (;;) {
      const op = peekOperator();
      if (!op || PRIORITY[op.kind] <= minPriority) return left;
      at += op.length;
      const right = expression(PRIORITY[op.kind]);
      if (op.kind === 'phrase') {
        positional = true;
        checkPhraseSide(left);
        checkPhraseSide(right);
        left = { kind: 'phrase', distance: op.distance, left, right };
      } else left = { kind: op.kind, left, right };
    }
  };

  skipSpaces();
  if (at >= text.length) return null;
  const root = expression(0);
  skipSpaces();
  if (at < text.length) fail('the end expected');
  return { root, operands, positional };
}

function checkPhraseSide(node: QueryNode): void {
  if (node.kind !== 'term' && node.kind !== 'phrase') throw new UnsupportedQuery('a phrase over |, & or !');
}

/** What a query is evaluated against: whether operand i is present, and (for phrases) its positions, ascending. */
export interface OperandFacts {
  has(operand: number): boolean;
  positions(operand: number): readonly number[];
}

/** Whether `node` holds for `facts` (TS_execute without TS_EXEC_PHRASE_NO_POS: a phrase needs its positions). */
export function holds(node: QueryNode, facts: OperandFacts): boolean {
  switch (node.kind) {
    case 'term':
      return facts.has(node.operand);
    case 'and':
      return holds(node.left, facts) && holds(node.right, facts);
    case 'or':
      return holds(node.left, facts) || holds(node.right, facts);
    case 'not':
      return !holds(node.child, facts);
    case 'phrase':
      return phraseEnds(node, facts).positions.length > 0;
  }
}

/**
 * Where a phrase (or a term) matches, as the positions where it ends, and its width (TS_phrase_execute): `L <N> R`
 * matches at each position r of R such that L ends at r - N - width(R); its width is width(L) + N + width(R).
 */
function phraseEnds(node: QueryNode, facts: OperandFacts): { positions: readonly number[]; width: number } {
  if (node.kind === 'term') return { positions: facts.has(node.operand) ? facts.positions(node.operand) : [], width: 0 };
  if (node.kind !== 'phrase') throw new UnsupportedQuery('a phrase over |, & or !');
  const left = phraseEnds(node.left, facts);
  const right = phraseEnds(node.right, facts);
  const width = left.width + node.distance + right.width;
  if (left.positions.length === 0 || right.positions.length === 0) return { positions: [], width };
  const shift = node.distance + right.width;
  const out: number[] = [];
  let i = 0;
  for (const r of right.positions) {
    const wanted = r - shift;
    while (i < left.positions.length && left.positions[i]! < wanted) i++;
    if (i < left.positions.length && left.positions[i] === wanted && out[out.length - 1] !== r) out.push(r);
  }
  return { positions: out, width };
}

/**
 * A test of which operands are present (operand i is bit i of `present`): for a query without phrases, the same
 * answer as `holds`; for one with phrases, a necessary condition (a phrase needs its words, so it is taken as their
 * &), or null when a phrase stands under ! (no such condition then).
 */
export function presenceTest(node: QueryNode, negated = false): ((present: number) => boolean) | null {
  switch (node.kind) {
    case 'term': {
      const bit = 1 << node.operand;
      return (present) => (present & bit) !== 0;
    }
    case 'and':
    case 'or':
    case 'phrase': {
      const left = presenceTest(node.left, negated);
      const right = presenceTest(node.right, negated);
      if (!left || !right || (node.kind === 'phrase' && negated)) return null;
      return node.kind === 'or' ? (present) => left(present) || right(present) : (present) => left(present) && right(present);
    }
    case 'not': {
      const child = presenceTest(node.child, !negated);
      return child && ((present) => !child(present));
    }
  }
}
