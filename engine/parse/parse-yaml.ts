import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { RawIssue, SourceLocation } from '../issues/flow-issue.ts';

/** One YAML file, parsed, with what is needed to point back into it. */
export interface SourceDocument {
  file: string;
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

/** Parses YAML keeping node ranges; syntax problems come back as issues, never thrown. */
export function parseYaml(text: string, file: string): { source: SourceDocument; data: unknown; issues: RawIssue[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, keepSourceTokens: false });
  const source = { file, text, doc, lines };
  const issues: RawIssue[] = [...doc.errors, ...doc.warnings].map((e) => ({
    code: 'yaml_syntax' as const,
    path: [],
    data: {
      detail: e.message
        .split('\n')[0]!
        .replace(/ at line \d+, column \d+:?$/, '')
        .replace(/\.$/, ''),
      offset: e.pos[0],
      end: e.pos[1],
    },
  }));
  return { source, data: doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 100 }), issues };
}

/** Finds the YAML node at a path (keys and list indexes); the deepest existing node when the path runs out. */
export function nodeAt(doc: Document.Parsed, path: readonly (string | number)[]): { node: Node | null; key: Node | null; complete: boolean } {
  let node: unknown = doc.contents;
  let key: Node | null = null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) return { node: node as Node, key, complete: false };
      key = pair.key as Node;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      key = null;
      node = node.items[segment];
    } else {
      return { node: (node as Node) ?? null, key, complete: false };
    }
  }
  return { node: (node as Node) ?? null, key, complete: true };
}

/** The 1-based place of a path in a document, and how much of the line to underline. */
export function locate(source: SourceDocument, path: readonly (string | number)[], atKey = false): SourceLocation {
  const { node, key, complete } = nodeAt(source.doc, path);
  const isCollection = isMap(node) || isSeq(node);
  const target = (atKey && complete) || (isCollection && key) || (!complete && key) ? (key ?? node) : (node ?? key);
  const range = target?.range ?? [0, 0, 0];
  return locateOffset(source, range[0], range[1]);
}

/** The 1-based place of a character offset. */
export function locateOffset(source: SourceDocument, start: number, end: number): SourceLocation {
  const { line, col } = source.lines.linePos(start);
  const lineText = source.text.split(/\r?\n/)[line - 1] ?? '';
  const length = Math.max(1, Math.min(end - start, lineText.length - col + 1));
  return { file: source.file, line, column: col, length };
}
