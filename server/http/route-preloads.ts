import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConsultationPage } from '../profile/profile-flows';

type PageOf = (path: string) => ConsultationPage | undefined;

/**
 * What the results page loads, one after another, for the signed-in shopper it is for: the session and API
 * client, the account's code, the results and the derived sections. Named here, they are fetched with the entry.
 */
const resultsModules = [
  'app/session/session-core.ts',
  'api/client/create-api-client.ts',
  'app/consultation/account-data.ts',
  'app/consultation/consultation-actors.ts',
  'app/consultation/consultation-results.tsx',
  'app/consultation/results/derived-sections.tsx',
];

/** Pages whose code loads lazily, and the modules (as the build manifest names them) they need first. */
/** A page's lazy modules: those its first paint needs, and those it needs after (fetched at low priority, so as not to hold up the first). */
interface PageModules {
  first: string[];
  later?: string[];
}

const routeModules: { pattern: RegExp; modules: (match: RegExpMatchArray, pageOf: PageOf) => PageModules }[] = [
  {
    // A consultation step: the flow page, the compiled flow of that category (its logic, app/consultation/flow-registry.ts)
    // and the texts of the step's section (engine/runtime/flow-content.ts). The results page first paints the flow
    // page's "loading" line; every section's texts (for the answers summary) and the results' own code come after.
    pattern: /^\/consultation\/([a-z-]+)(?:\/|$)/,
    modules: (m, pageOf) => {
      if (m[1] === 'category') return { first: [] };
      const flow = `flows/consultation/${m[1]}.yaml`;
      const page = pageOf(m.input!);
      const sections = page?.sections.map((section) => `${flow}?content=${section}`) ?? [];
      const first = ['app/consultation/consultation-flow-page.tsx', flow, `${flow}?split`];
      return page?.results ? { first, later: [...sections, ...resultsModules] } : { first: [...first, ...sections] };
    },
  },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link rel="modulepreload">` tags for the lazily loaded code a page needs (and preloads for its styles), read
 * from the build manifest, so the browser fetches it with the entry instead of after it (a shorter path to the
 * first paint of a step).
 */
export function createRoutePreloads(webRoot: string, pageOf: PageOf = () => undefined): (requestPath: string) => string {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk> | null = null;
  let readAt = -1;
  // Read again only when the build changed (a rebuild while the server runs).
  const read = () => {
    let modified: number;
    try {
      modified = statSync(file).mtimeMs;
    } catch {
      return null; // no manifest (not built with it): no hints, the page still works
    }
    if (modified !== readAt) {
      readAt = modified;
      try {
        manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
      } catch {
        manifest = null;
      }
    }
    return manifest;
  };
  return (requestPath) => {
    const chunks = read();
    if (!chunks) return '';
    const files = new Map<string, 'high' | 'low'>();
    const styles = new Map<string, 'high' | 'low'>();
    const add = (priority: 'high' | 'low') => (key: string) => {
      const chunk = chunks[key];
      if (!chunk || files.has(chunk.file)) return;
      files.set(chunk.file, priority);
      chunk.css?.forEach((file) => styles.has(file) || styles.set(file, priority));
      chunk.imports?.forEach(add(priority));
    };
    for (const route of routeModules) {
      const match = requestPath.match(route.pattern);
      if (!match) continue;
      const { first, later = [] } = route.modules(match, pageOf);
      first.forEach(add('high'));
      later.forEach(add('low'));
    }
    // The entry's own stylesheet is already linked by index.html; a lazy chunk's is inserted when the chunk loads.
    const low = (priority: 'high' | 'low') => (priority === 'low' ? ' fetchpriority="low"' : '');
    return [
      ...[...files].map(([file, priority]) => `<link rel="modulepreload" crossorigin href="/${file}"${low(priority)}>`),
      ...[...styles].map(([file, priority]) => `<link rel="preload" as="style" crossorigin href="/${file}"${low(priority)}>`),
    ].join('');
  };
}
