import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { flowsPlugin } from './engine/vite/flows-plugin.ts';
import { contentPlugin } from './shop/content/content-plugin.ts';
import { precompressPlugin } from './scripts/precompress-plugin.ts';
import { routePreloadsPlugin } from './scripts/route-preloads-plugin.ts';
import { checkoutFlowGroup, checkoutStepGroup, preloadGroups } from './server/http/route-preloads.ts';

const api = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3000}`;
const proxied = ['/v1', '/v2', '/dev', '/healthz', '/openapi.json', '/flags'];

// Chunks a step page needs, grouped so they compress together and arrive in few requests (the entry, with the small
// helpers a step page shares with other pages, such as useLoad, the exit capture and the postal-code rule); the rest
// (step kinds a first screen does not use, the session and API client, other pages) load on demand.
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router|xstate|@xstate|use-sync-external-store)[\\/]/;
const entry = /app[\\/]main\.tsx$/;
const shared =
  /api[\\/]client[\\/](shapes|token-store)|app[\\/](app-services|use-load|flags\.ts$|consultation[\\/]exit-capture|shell[\\/](page-status|use-page-heading-focus))|shop[\\/]flags[\\/]flags-store\.ts$|engine[\\/]runtime[\\/]postal-code/;

// The session's machine, and apart from it the client of its calls and a signed-in page's first reads
// (api/client/session-client.ts, with the route paths it fills in, api/http-route.ts): a stored session is read with the
// client at once and its machine loads once the page is idle (app/session/index.tsx), so a signed-in page's first visit
// downloads the client alone (28 Nov: a feedback page 1.9 KB gzipped less; a page that loads both at once, such as a
// checkout step, 0.4 KB more, two files compressed apart).
// The client of every call (api/client/create-api-client.ts with the table of every route, api/routes.ts: 4.3 KB
// gzipped) is a file of its own, loaded by the pages that call more (the checkout, the account): a feedback page no
// longer downloads it. The sign-up's code (the request, its field
// messages, the outcome) is a chunk of its own, loaded with a sign-up: a signed-in shopper's pages never download it
// (0.4 KB gzipped less on each: the session chunk 7.0 -> 6.65 KB, and the e-mail-given flag's chunk no longer fetched). The
// client's error type goes with them: what reads an API error has loaded the client (its group is ahead of the entry's,
// which would otherwise take the error type in, unused by a first screen, as a dependency of the '#api/shared' barrel).
// The referral code's sending and forgetting (app/referral.ts) go with the session, which sends it, and the checkout, which
// loads the session: the entry keeps only the code's keeping and its removal from the address (app/referral-address.ts).
const session = /app[\\/]referral\.ts$|app[\\/]session[\\/](start-session|session-machine|session-services|sign-up-state)\.ts$/;
const sessionClient = /api[\\/](http-route\.ts$|client[\\/](index|session-client|call-endpoint|send-request|early-responses|token-keeper|jwt|api-error)\.ts$)/;
// The checkout page with its kind, its adapters, its data and memory, its folded order summary, the small parts its steps
// share (their fields, address lines, links, alert), the checkouts' compiled flows (nearly alike, so the second costs
// little) and the checkout's focused header (app/shell/checkout-header.tsx, its styles in checkout.css): one request,
// where the cart page (app/checkout/cart-route.tsx) starts its data. The test bank's page, which also wears the header,
// loads it too, as it would a moment later going back to the checkout.
const checkoutPage =
  /app[\\/]shell[\\/]checkout-header\.tsx$|app[\\/]checkout[\\/](checkout-flow-page\.tsx|checkout-kind\.ts|checkout-adapters\.ts|order-status\.ts|checkout-services\.ts|use-checkout-facts\.ts|checkout-data\.ts|checkout-memory\.ts)$|flows[\\/]checkout[\\/][a-z-]+\.yaml$|shop[\\/]checkout[\\/](checkout-steps\.ts|checkout-facts\.ts|placed-order\.ts|order-summary\.tsx|step-alert\.tsx|steps[\\/](address-lines|step-link|review-gate)\.tsx)$/;

// The flow runner every flow kind runs on (the engine's runtime and machine, the step view, app/flow/): the consultation
// and the checkout both load it. A group takes every module its test names, whoever imports it: the feedback results'
// summary (engine/runtime/feedback-summary.ts), which only that screen reads, stays out, so it loads with that screen;
// the feedback values the machine reads (engine/schema/feedback-values.ts) come in, one request less.
const flowRunner =
  /engine[\\/](runtime[\\/](?!feedback-summary\.ts$)|machine|rules|compile[\\/]field-model|schema[\\/](step-shapes|feedback-values))[\\/]?|renderer[\\/](lazy-component|step-view|progress-tracker|tip|parts[\\/](step-heading|action-button|inline-error))\.tsx?$|app[\\/](flow[\\/]|consultation[\\/]flow-environment)/;
// The feedback's results screen with the summary it alone reads (the engine's feedbackSummary, which the feedback page
// loads through app/feedback/results-summary.ts when a flow reaches its results): one file, fetched with the screen.
const feedbackResults = /renderer[\\/]feedback[\\/]results-step\.tsx$|app[\\/]feedback[\\/]results-summary\.ts$|engine[\\/]runtime[\\/]feedback-summary\.ts$/;
// The question family's first screens (engine/schema/steps/question.ts): its table of components (renderer/step-components.ts),
// the welcome, intro and single-choice steps and their parts (the option list, the follow-up, the step's image). The
// consultation draws them and so does the feedback (its intros, transitions and single choices, and its rating on the
// same option list): one chunk both pages load, which the checkout never downloads.
const questionSteps = /renderer[\\/](index|step-components|parts[\\/]step-image|steps[\\/](page|single-choice)-step)\.tsx?$/;
// The option list and its helpers (the selection, the follow-up): what the single choice and the feedback's rating both
// draw with. A chunk of its own, so a feedback page opened on a rating loads it without the question family's table and
// screens (which it loads when it reaches an intro or a single choice, or ahead once the shopper answers).
const choiceParts = /renderer[\\/]parts[\\/](follow-up|option-match|option-list|use-selection)\.tsx?$/;
// What only a consultation draws on its first screen (its page, kind and adapters): one chunk with the consultation page.
const consultationPage =
  /app[\\/]consultation[\\/](flow-registry|answer-buffer|consultation-flow|consultation-kind|consultation-adapters|consultation-flow-page)\.tsx?$/;

// The lazily loaded modules the server preloads with a page (server/http/route-preloads.ts reads them by name, from
// dist/.vite/route-preloads.json); the build fails when one is not in it. Each flow's logic and texts are found on their own.
const routePreloads = routePreloadsPlugin(
  {
    [preloadGroups.consultationPage]: ['app/consultation/consultation-flow-page.tsx'],
    [preloadGroups.results]: [
      'app/session/session-machine.ts',
      'api/client/create-api-client.ts',
      'app/consultation/account-data.ts',
      'app/consultation/consultation-actors.ts',
      'app/consultation/consultation-results.tsx',
      'app/consultation/results/derived-sections.tsx',
      'app/consultation/results/early-derived.ts',
    ],
    [preloadGroups.cartPage]: [
      'app/checkout/cart-route.tsx',
      'app/checkout/cart-screen.tsx',
      'app/session/session-machine.ts',
      'api/client/create-api-client.ts',
    ],
    [preloadGroups.checkoutPage]: [
      'app/checkout/cart-route.tsx',
      'app/checkout/checkout-flow-page.tsx',
      'app/session/session-machine.ts',
      'api/client/create-api-client.ts',
    ],
    [preloadGroups.subscriptionHome]: [
      'app/account/account-route.tsx',
      'app/account/subscription-home.tsx',
      'app/session/session-machine.ts',
      'api/client/create-api-client.ts',
    ],
    [preloadGroups.subscriptionEditor]: [
      'app/account/account-route.tsx',
      'app/account/subscription-page.tsx',
      'app/session/session-machine.ts',
      'api/client/create-api-client.ts',
    ],
    [checkoutFlowGroup('haircare')]: ['flows/checkout/haircare.yaml'],
    [checkoutFlowGroup('skincare')]: ['flows/checkout/skincare.yaml'],
    // Each checkout step's form, by its route (flows/fragments/checkout.yaml); a renamed route loses only its hint.
    [checkoutStepGroup('account-details')]: ['shop/checkout/steps/account-details-step.tsx'],
    [checkoutStepGroup('shipping-address')]: ['shop/checkout/steps/address-step.tsx'],
    [checkoutStepGroup('payment')]: ['shop/checkout/steps/payment-step.tsx'],
    // The review's page opened anew goes to the payment step unless this tab chose a saved card (a new card's token is
    // never stored: shop/checkout/steps/review-gate.tsx), so the payment step is what it draws; with a saved card, the page
    // loads the review's code as it starts (app/checkout/checkout-flow-page.tsx).
    [checkoutStepGroup('confirmation')]: ['shop/checkout/steps/payment-step.tsx'],
    [checkoutStepGroup('wait-payment-confirmation')]: ['shop/checkout/steps/wait-payment-step.tsx'],
  },
  Object.values(preloadGroups),
);

// react-router's package exports only its development build (dev warnings on); the production build,
// shipped beside it, differs by that one switch and lets the bundler drop the warnings (about 3 KB gzipped).
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

// React Router's production build names its components for React's developer tools (`NavLink.displayName = ...`) and
// makes them with forwardRef, calls a bundler must keep unless marked pure: with those names left out and the calls
// marked, the components the app never uses (NavLink, Form and what they alone need) leave the framework every page
// downloads (1.9 KB gzipped). Line for line, so the source map holds.
// The shop runs React Router in declarative mode (<BrowserRouter> and useRoutes, app/main.tsx, app/router.tsx), never in
// its data or framework modes (RouterProvider, loaders, route modules): the router's code for those modes, which its
// components keep behind run-time checks, is built out as the checks would answer (3.7 KB gzipped less on every page):
// - Link without prefetching: with no framework context, usePrefetchBehavior answers "no prefetch" whatever the prop,
//   so PrefetchPageLinks and the route manifest's helpers go;
// - useRoutes and its matches rendered without a data router's state (its error boundaries, hydration fallbacks, RSC
//   redirects and error digests), and useNavigate without a data router's stable navigate;
// - its classes marked pure, so that those no code uses leave (a class with a base is otherwise kept).
// The build fails when the app imports a data-mode API, or when one of these lines changes in a new React Router.
const routerBuild = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
const declarativeOnly: [string, string][] = [
  // What usePrefetchBehavior answers without a framework context: no prefetch, no ref, no handlers.
  [
    'let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(',
    'let [shouldPrefetch, prefetchRef, prefetchHandlers] = ((_prefetch, _props) => [false, null, {}])(',
  ],
  ['React10.createElement(PrefetchPageLinks, { page: href })', 'null'],
  [
    'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {',
    'function _renderMatches(matches, parentMatches = [], _dataRouterOpts) { const dataRouterOpts = void 0;',
  ],
  [
    'function useRoutesImpl(routes, locationArg, dataRouterOpts) {',
    'function useRoutesImpl(routes, locationArg, _dataRouterOpts) { const dataRouterOpts = void 0;',
  ],
  ['return isDataRoute ? useNavigateStable() : useNavigateUnstable();', 'return useNavigateUnstable();'],
  // Its one property set after the class (a side effect that would keep it) becomes a static field.
  ['};\nRenderErrorBoundary.contextType = RSCRouterContext;', '  static contextType = RSCRouterContext;\n};'],
];
/** React Router's APIs of its data and framework modes, which the lean router builds out. */
const dataModeApis =
  /\b(RouterProvider|create(Browser|Hash|Memory|Static)Router|createRoutesFromElements|useRouteError|useLoaderData|useActionData|useFetchers?|useNavigation|useMatches|useRevalidator|useBlocker|Await|Form|ScrollRestoration|HydratedRouter)\b/;
const leanRouter = (): Plugin => {
  const built = new Set<string>();
  return {
    name: 'shop-lean-router',
    apply: 'build',
    transform(code, id) {
      if (!routerBuild.test(id)) {
        if (id.includes('node_modules')) return null;
        for (const [, names] of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]react-router['"]/g)) {
          const api = dataModeApis.exec(names ?? '');
          if (api)
            this.error(`${id} imports ${api[0]} from react-router: the lean router (vite.config.ts leanRouter) builds the data and framework modes out.`);
        }
        return null;
      }
      let lean = code
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(');
      for (const [from, to] of declarativeOnly) {
        if (!lean.includes(from)) continue;
        lean = lean.replace(from, to);
        built.add(from);
      }
      lean = lean.replace(/^var ([\w$]+) = (class\b[^\n]*\{)$([\s\S]*?)^\};$/gm, 'var $1 = /* @__PURE__ */ (() => $2$3})();');
      return { code: lean, map: null };
    },
    buildEnd(error) {
      const missing = declarativeOnly.filter(([from]) => !built.has(from));
      if (!error && missing.length > 0)
        this.error(
          `React Router no longer holds ${missing.map(([from]) => JSON.stringify(from)).join(', ')}: update the lean router (vite.config.ts leanRouter).`,
        );
    },
  };
};

// Vite's loader of a lazy chunk (`__vitePreload`, on every page) also preloads the chunk's imports, which this build
// turns off (modulePreload: false), and reports failures as events nothing listens to: a smaller one that only links the
// chunk's stylesheets takes its place (app/shell/lazy-styles.ts; 0.5 KB gzipped less on every page). The build fails if
// Vite stops asking for its loader by this name, rather than silently shipping its own again.
const vitePreloadHelper = '\0vite/preload-helper.js';
const lazyStyles = (): Plugin => {
  let replaced = false;
  return {
    name: 'shop-lazy-styles',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id !== vitePreloadHelper) return null;
      replaced = true;
      return fileURLToPath(new URL('./app/shell/lazy-styles.ts', import.meta.url));
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error(`Vite no longer imports its loader of lazy chunks as vite/preload-helper.js: update the lazy chunks' loader (vite.config.ts lazyStyles).`);
    },
  };
};

// XState's devtools hook (xstate/dist/xstate-dev) hands an actor to a browser extension only when the actor is created
// with `devTools`, which the app never does: a stand-in with its name and none of its code (0.1 KB gzipped on every page).
const xstateDevTools = '\0xstate-dev-tools';
const noXStateDevTools: Plugin = {
  name: 'shop-no-xstate-devtools',
  apply: 'build',
  enforce: 'pre',
  resolveId: (id, importer) => (id === './xstate-dev.esm.js' && /[\\/]xstate[\\/]dist[\\/]/.test(importer ?? '') ? xstateDevTools : null),
  load: (id) => (id === xstateDevTools ? 'export const devToolsAdapter = () => {};' : null),
};

// XState's setup() hands each machine its action creators by name, and so keeps them all in the framework every page
// downloads. The shop's machines take sendTo, log and enqueueActions from none of them (they import what they use from
// 'xstate' itself, and use none of those three): the build leaves the three out of that list, so their code goes with
// XState's other unused code. The build fails if the list no longer reads as written here.
const xstateSetupFile = /[\\/]xstate[\\/]dist[\\/]xstate\.(development\.)?esm\.js$/;
const setupHelpers = '    assign,\n    sendTo,\n    raise,\n    log,\n    cancel,\n    stopChild,\n    enqueueActions,\n    emit,\n    spawnChild,\n';
const setupHelpersUsed = '    assign,\n    raise,\n    cancel,\n    stopChild,\n    emit,\n    spawnChild,\n';
const leanXStateSetup = (): Plugin => {
  let seen = false;
  return {
    name: 'shop-lean-xstate-setup',
    apply: 'build',
    transform(code, id) {
      if (!xstateSetupFile.test(id)) return null;
      if (!code.includes(setupHelpers)) this.error(`XState's setup() no longer lists its action creators as written: update vite.config.ts leanXStateSetup.`);
      seen = true;
      return { code: code.replace(setupHelpers, setupHelpersUsed), map: null };
    },
    buildEnd(error) {
      if (!error && !seen) this.error(`XState's setup() was not found to leave its unused action creators out: update vite.config.ts leanXStateSetup.`);
    },
  };
};

/** The web app: index.html at the root, app/ as the entry, flows compiled at build time. */
export default defineConfig(({ command }) => ({
  plugins: [lazyStyles(), noXStateDevTools, leanXStateSetup(), leanRouter(), flowsPlugin(), contentPlugin(), react(), routePreloads, precompressPlugin()],
  resolve: {
    alias: [
      { find: 'flows', replacement: new URL('./flows', import.meta.url).pathname },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      // @xstate/react imports use-sync-external-store's shims for React 16-17; React 19 has the hook built in, so the
      // shims are swapped for the built-in hook and the shim-free selector (about 0.4 KB gzipped off every page).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: fileURLToPath(new URL('./node_modules/use-sync-external-store/with-selector.js', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./app/vendor/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // Source maps are built beside each file (dist/assets/*.js.map: bench/startup-profile.ts and anyone tracing a
    // reported stack read them by name) without the `//# sourceMappingURL` line at the end of every script, which each
    // visitor downloaded for nothing (about 40 bytes gzipped a file, 0.3-0.6 KB a page); a browser's developer tools
    // take a map added by hand.
    sourcemap: 'hidden',
    target: 'es2022',
    reportCompressedSize: false,
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 30 },
            // The entry (app/main.tsx) with everything it imports and the small helpers it shares with the consultation
            // pages: one file, compressed as one. Rolldown keeps a module the entry shares with a lazy chunk out of the
            // entry's own file; without this group they made five more requests (a `shared` group of their own still cost
            // 0.5 KB gzipped more than one file: two files' imports and exports, two compressions).
            // The shop's money and scheduling rules (api/commerce.ts) go with the shop's pages, not into the entry, which
            // would take them in as a dependency of the '#api/shared' barrel.
            { name: 'commerce', test: /api[\\/]commerce\.ts$/, priority: 25 },
            // The address rules (phone numbers, regions) go with the forms that use them, for the same reason.
            { name: 'address-rules', test: /api[\\/](phone|regions)\.ts$/, priority: 25 },
            // The session and the API client, with its error type (see `session` above).
            { name: 'session', test: session, priority: 25, includeDependenciesRecursively: false },
            { name: 'session-client', test: sessionClient, priority: 25, includeDependenciesRecursively: false },
            { name: 'sign-up', test: /app[\\/]session[\\/]sign-up(-outcome)?\.ts$/, priority: 25, includeDependenciesRecursively: false },
            { name: 'index', test: (id) => entry.test(id) || shared.test(id), priority: 20 },
            // The flow runner, one chunk every flow kind's pages load; what only a consultation draws is a chunk with the
            // consultation page (3.9 KB gzipped less on every checkout step page, ~1 KB more on a consultation step page:
            // two files compress apart). The question family's first screens are a chunk of their own, which the
            // consultation and the feedback pages share: the feedback page no longer downloads the consultation's own
            // code (2.3 KB gzipped less), for 0.5 KB more on a consultation step page (one file more).
            { name: 'flow-runner', test: flowRunner, priority: 15, includeDependenciesRecursively: false },
            { name: 'question-steps', test: questionSteps, priority: 15, includeDependenciesRecursively: false },
            { name: 'choice-parts', test: choiceParts, priority: 15, includeDependenciesRecursively: false },
            { name: 'consultation-flow-page', test: consultationPage, priority: 15, includeDependenciesRecursively: false },
            { name: 'checkout-flow-page', test: checkoutPage, priority: 15, includeDependenciesRecursively: false },
            { name: 'feedback-results', test: feedbackResults, priority: 15, includeDependenciesRecursively: false },
            // The design system's small components the shop's pages draw at once (price lines, notices; the pictures load
            // on their own): one chunk. A module only the checkout page's group imports must be in a group too: left
            // alone, rolldown made it the page's facade chunk, exporting a namespace it never defined (no page loaded).
            { name: 'ui', test: /ui[\\/](price-lines|notice)\.tsx$/, priority: 15, includeDependenciesRecursively: false },
            // A form's field (the checkout's forms, and the text fields of the sign-up forms): one small chunk of its own.
            { name: 'field', test: /renderer[\\/]parts[\\/]field\.tsx$/, priority: 15, includeDependenciesRecursively: false },
            // The header's cart count upkeep for a signed-in shopper (app/shell/cart-counts.ts, asked once per tab) with the
            // count's writer it shares with the cart machine (shop/cart/record-cart-count.ts): one file instead of two on
            // every signed-in page's first visit (631 bytes gzipped instead of 742; a guest's cart page loads the upkeep's 0.3 KB with it).
            // Tracking (app/tracking/: the tracker, its events, a flow's step view and the runtime loaded once the page is
            // idle): one file instead of three, which every page loads (a flow page its tracker with the runner, every page
            // the runtime after the load). Their top levels only declare, so nothing more runs before the first render;
            // 0.35 KB gzipped less a page (three files compressed apart, their imports and exports).
            {
              name: 'tracking',
              test: /app[\\/]tracking[\\/](tracker|events|flow-tracking|tracking-runtime)\.ts$/,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              name: 'cart-counts',
              test: /app[\\/]shell[\\/]cart-counts\.ts$|shop[\\/]cart[\\/]record-cart-count\.ts$/,
              priority: 15,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // In development the API runs beside Vite (npm run dev) and is reached through the same origin.
  server: { port: Number(process.env.VITE_PORT ?? 5173), proxy: Object.fromEntries(proxied.map((p) => [p, api])) },
}));
