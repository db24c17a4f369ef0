import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { productAtPage } from '../../shop/catalog/assembly.ts';
import type { PageContent } from '../../shop/content/schema.ts';
import type { WaitlistRequest } from '../../shop/product-page/modules/sold-out.tsx';
import { loadPageContent } from '../../shop/product-page/page-content.ts';
import { ProductPage } from '../../shop/product-page/product-page.tsx';
import { PageFacts, type PageFactsValue } from '../../shop/product-page/page-facts.ts';
import { appSession } from '../session';
import { loadAppServices } from '../app-services.ts';
import NotFoundPage from '../shell/not-found-page.tsx';
import { PageStatus } from '../shell/page-status.tsx';
import { useLoad } from '../use-load.ts';
import { loadCatalogue, shopperCountry } from './catalogue.ts';
import { usePurchase } from './use-purchase.ts';

const YourFormula = lazy(() => import('./your-formula.tsx'));

/**
 * How long the modules after the hero wait at most for the shopper's formula: a formulation service that is slow to
 * answer does not keep the page from the shopper (the formula then arrives above them as it can). The route's
 * `formulaHoldMs` (tests set their own, so that a slow machine does not end the hold for them).
 */
export const FORMULA_HOLD_MS = 2500;

/** The skincare consultation's progress (spec 001 §2 Skincare landing): none without a session. */
async function skincareProgress(): Promise<PageFactsValue['skincareConsultation']> {
  if (!appSession.hasStoredSession()) return 'not_started';
  const { api } = await loadAppServices();
  const status = (await api.getHairProfile()).consultation_statuses.skincare;
  return status === 'completed' ? 'completed' : status === 'draft' ? 'started' : 'not_started';
}

/** Joins a sold-out product's waitlist, in the shopper's country. */
const joinWaitlist = async ({ product, email }: WaitlistRequest) => {
  const { api } = await loadAppServices();
  await api.joinWaitlist(product, { email, country: shopperCountry() });
};

/**
 * /products/:slug and /pages/:slug: the page's content, title and meta description, with its product's price and
 * sold-out state from the catalogue (a page shows without them if the catalogue cannot be had); an unknown slug gets
 * the friendly 404 page.
 */
export default function ProductRoute({ formulaHoldMs = FORMULA_HOLD_MS }: { formulaHoldMs?: number }) {
  const slug = useParams().slug ?? '';
  const { pathname } = useLocation();
  const [state, setState] = useState<{ slug: string; content?: PageContent | undefined }>();
  const catalogue = useLoad(() => loadCatalogue(), []);
  const hasSession = appSession.hasStoredSession();
  // The shopper's formula goes right under the hero; until it has been answered (or `formulaHoldMs` has passed) the
  // modules after the hero wait, so it pushes nothing on screen down when it arrives.
  const [formulaSettled, setFormulaSettled] = useState(!hasSession);
  const settleFormula = useCallback(() => setFormulaSettled(true), []);
  useEffect(() => {
    if (formulaSettled) return;
    const timer = setTimeout(settleFormula, formulaHoldMs);
    return () => clearTimeout(timer);
  }, [formulaSettled, settleFormula, formulaHoldMs]);
  const needsProgress = state?.content?.modules.some((m) => m.type === 'skincare-cta') ?? false;
  const progress = useLoad(() => skincareProgress().catch(() => 'not_started' as const), [], { enabled: needsProgress });
  useEffect(() => {
    let current = true;
    void loadPageContent(slug).then((content) => current && setState({ slug, content }));
    return () => {
      current = false;
    };
  }, [slug]);
  useEffect(() => {
    if (!state?.content) return;
    document.title = `${state.content.title} | Formulary`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', state.content.metaDescription);
  }, [state]);
  const products = catalogue.status === 'success' ? catalogue.value.products : undefined;
  const product = products ? productAtPage(products, pathname.replace(/\/+$/, '')) : undefined;
  const purchase = usePurchase(product);
  if (state?.slug !== slug) return <PageStatus>Loading…</PageStatus>;
  if (!state.content) return <NotFoundPage />;
  // A shopper with a session may have taken the consultation: their own formula of a custom product shows under the hero.
  const yourFormula =
    product?.is_custom && hasSession ? (
      <Suspense fallback={null}>
        <YourFormula product={product.type} onSettled={settleFormula} />
      </Suspense>
    ) : null;
  // Held while the catalogue is loading (the page's product, custom or not, is not known yet) or the formula is; on a
  // page that sells its product (an accessory's buy box after the hero), while the catalogue loads and the session
  // tells whether the shopper may buy (§5).
  const buying = state.content.addToCart;
  const holdAfterHero =
    (!formulaSettled && (catalogue.status === 'loading' || Boolean(product?.is_custom))) ||
    (buying && (catalogue.status === 'loading' || purchase?.access === 'checking'));
  return (
    <PageFacts.Provider value={{ skincareConsultation: progress.value ?? 'not_started', products, current: product?.type }}>
      <ProductPage
        content={state.content}
        product={product}
        priced={state.content.showPrice && (!products || product !== undefined)}
        onJoinWaitlist={joinWaitlist}
        afterHero={yourFormula}
        holdAfterHero={holdAfterHero}
        purchase={purchase}
      />
    </PageFacts.Provider>
  );
}
