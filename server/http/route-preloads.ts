import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type ContentSection = (path: string) => string | undefined;

/** Pages whose code loads lazily, and the modules (as the build manifest names them) they need first. */
const routeModules: { pattern: RegExp; modules: (match: RegExpMatchArray, contentSection: ContentSection) => string[] }[] = [
  {
    // A consultation step: the flow page, the compiled flow of that category (its logic, app/consultation/flow-registry.ts)
    // and the texts of the step's section (engine/runtime/flow-content.ts).
    pattern: /^\/consultation\/([a-z-]+)(?:\/|$)/,
    modules: (m, contentSection) => {
      if (m[1] === 'category') return [];
      const flow = `flows/consultation/${m[1]}.yaml`;
      const section = contentSection(m.input!);
      return ['app/consultation/consultation-flow-page.tsx', flow, `${flow}?split`, ...(section ? [`${flow}?content=${section}`] : [])];
    },
  },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * `<link rel="modulepreload">` tags for the lazily loaded code a page needs, read from the build
 * manifest, so the browser fetches it with the entry instead of after it (a shorter path to the
 * first paint of a step).
 */
export function createRoutePreloads(webRoot: string, contentSection: ContentSection = () => undefined): (requestPath: string) => string {
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
    const files = new Set<string>();
    const add = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(add);
    };
    for (const route of routeModules) {
      const match = requestPath.match(route.pattern);
      if (match) route.modules(match, contentSection).forEach(add);
    }
    return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  };
}
