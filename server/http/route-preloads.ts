import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConsultationPage } from '../profile/profile-flows';

type PageOf = (path: string) => ConsultationPage | undefined;

/**
 * The groups of lazily loaded code this server preloads, by the names the build gives them: vite.config.ts says which
 * modules each holds, and the build (scripts/route-preloads-plugin.ts) fails when one is missing. Each flow loaded split
 * also has `flow:<category>` (its logic), `flow:<category>/<section>` (the texts of a section) and
 * `flow:<category>#<step>` (the landing texts of that step's page).
 */
export const preloadGroups = {
  /** The consultation page (app/consultation/consultation-flow-page.tsx) and what it imports. */
  consultationPage: 'consultation-page',
  /** What the results page loads, one after another, for a signed-in shopper: the session and API client, the account's code, the results and the derived sections. */
  results: 'consultation-results',
  /** The cart page (app/checkout/cart-screen.tsx), the session and the API client it reads the cart with. */
  cartPage: 'cart-page',
  /** A checkout step's page: the checkout (app/checkout/checkout-flow-page.tsx), the flow runner, the session and API client. */
  checkoutPage: 'checkout-page',
  /** The subscription home (app/account/subscription-home.tsx) behind the account's route, the session and the API client its first reads go through. */
  subscriptionHome: 'subscription-home',
  /** A subscription's editor (app/account/subscription-page.tsx), likewise. */
  subscriptionEditor: 'subscription-editor',
} as const;

/** A checkout step's own form, by the step's route segment (flows/fragments/checkout.yaml), e.g. `checkout-step:payment`. */
export const checkoutStepGroup = (route: string) => `checkout-step:${route}`;
/** A checkout's compiled flow, by category (flows/checkout/*.yaml), e.g. `checkout-flow:haircare`. */
export const checkoutFlowGroup = (category: string) => `checkout-flow:${category}`;

/** A page's lazy code: the groups its first paint needs, and those it needs after (fetched at low priority, so as not to hold up the first). */
interface PageGroups {
  first: string[];
  later?: string[];
}

const routeGroups: { pattern: RegExp; groups: (match: RegExpMatchArray, pageOf: PageOf) => PageGroups }[] = [
  {
    // A consultation step: the flow page, the compiled flow of that category (its logic, app/consultation/flow-registry.ts)
    // and the page's landing texts (its step's words and those of the steps that may follow: engine/compile/landing-texts.ts;
    // marked, so the page finds them), or without them the texts of the step's section (engine/runtime/flow-content.ts).
    // The results page first paints the flow page's "loading" line; every section's texts (for the answers summary) and
    // the results' own code come after.
    pattern: /^\/consultation\/([a-z-]+)(?:\/|$)/,
    groups: (m, pageOf) => {
      if (m[1] === 'category') return { first: [] };
      const flow = `flow:${m[1]}`;
      const page = pageOf(m.input!);
      const sections = page?.sections.map((section) => `${flow}/${section}`) ?? [];
      const first = [preloadGroups.consultationPage, flow];
      if (page?.results) return { first, later: [...sections, preloadGroups.results] };
      return { first: [...first, ...(page?.landing ? [`${flow}#${page.landing}`] : sections)] };
    },
  },
  {
    // A checkout step (/checkout/haircare/payment): the checkout page, its flow and the step's own form; the cart page
    // (/checkout/haircare) its own code. A route without a group of its own (confirm-payment) gets no hints.
    pattern: /^\/checkout\/(haircare|skincare)(?:\/([a-z-]+))?\/?$/,
    groups: (m) => (m[2] ? { first: [preloadGroups.checkoutPage, checkoutFlowGroup(m[1]!), checkoutStepGroup(m[2])] } : { first: [preloadGroups.cartPage] }),
  },
  {
    // The subscription pages (issue 27): the page's code and everything it imports, fetched with the entry rather than
    // one import after another once the account's route has loaded.
    pattern: /^\/account\/subscription(?:\/(home|haircare|skincare|supplements))?\/?$/,
    groups: (m) => ({ first: [!m[1] || m[1] === 'home' ? preloadGroups.subscriptionHome : preloadGroups.subscriptionEditor] }),
  },
];

/** One group as the build wrote it: script files (each with what it imports) and stylesheets. */
interface PreloadGroup {
  js: string[];
  css: string[];
}

/**
 * `<link rel="modulepreload">` tags for the lazily loaded code a page needs (and preloads for its styles), read from
 * the table the build writes (dist/.vite/route-preloads.json), so the browser fetches it with the entry instead of after
 * it (a shorter path to the first paint of a step).
 */
export function createRoutePreloads(webRoot: string, pageOf: PageOf = () => undefined): (requestPath: string) => string {
  const file = path.join(webRoot, '.vite', 'route-preloads.json');
  let table: Record<string, PreloadGroup> | null = null;
  let readAt = -1;
  // Read again only when the build changed (a rebuild while the server runs).
  const read = () => {
    let modified: number;
    try {
      modified = statSync(file).mtimeMs;
    } catch {
      return null; // not built: no hints, the page still works
    }
    if (modified !== readAt) {
      readAt = modified;
      try {
        table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, PreloadGroup>;
      } catch {
        table = null;
      }
    }
    return table;
  };
  return (requestPath) => {
    const groups = read();
    if (!groups) return '';
    const files = new Map<string, 'high' | 'low'>();
    const styles = new Map<string, 'high' | 'low'>();
    // A flow's landing texts are imported by no code: the page finds them by their mark (data-flow-texts="<category>").
    const marks = new Map<string, string>();
    const add = (priority: 'high' | 'low') => (name: string) => {
      const group = groups[name];
      group?.js.forEach((f) => files.has(f) || files.set(f, priority));
      group?.css.forEach((f) => styles.has(f) || styles.set(f, priority));
      const landing = /^flow:([a-z-]+)#/.exec(name);
      if (landing) group?.js.forEach((f) => marks.set(f, landing[1]!));
    };
    for (const route of routeGroups) {
      const match = requestPath.match(route.pattern);
      if (!match) continue;
      const { first, later = [] } = route.groups(match, pageOf);
      first.forEach(add('high'));
      later.forEach(add('low'));
    }
    // The entry's own stylesheet is already linked by index.html; a lazy chunk's is inserted when the chunk loads.
    const low = (priority: 'high' | 'low') => (priority === 'low' ? ' fetchpriority="low"' : '');
    return [
      ...[...files].map(([file, priority]) => {
        const mark = marks.has(file) ? ` data-flow-texts="${marks.get(file)}"` : '';
        return `<link rel="modulepreload" crossorigin href="/${file}"${low(priority)}${mark}>`;
      }),
      ...[...styles].map(([file, priority]) => `<link rel="preload" as="style" crossorigin href="/${file}"${low(priority)}>`),
    ].join('');
  };
}
