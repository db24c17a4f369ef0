import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { combinedStatus, helpStatuses, type HelpCentreActor, type HelpCentreContext } from '../../shop/help/help-centre-machine.ts';
import { appHelpCentre } from './help-centre.ts';

const HelpCentreActorContext = createContext<HelpCentreActor | null>(null);

/** A help centre of its own for what is inside (a story, a test); the app's pages use the app's one. */
export function HelpCentreProvider({ actor, children }: { actor: HelpCentreActor; children: ReactNode }) {
  return <HelpCentreActorContext.Provider value={actor}>{children}</HelpCentreActorContext.Provider>;
}

/**
 * The help centre's state for a page: its lists asked for once (LOAD fetches only what is not loaded or failed), the
 * §4 combined status of the three lists, each request's own status, and the actor to send to.
 */
export function useHelpCentre() {
  const actor = useContext(HelpCentreActorContext) ?? appHelpCentre();
  const context = useSelector(actor, (s) => s.context) as HelpCentreContext;
  const statuses = useSelector(
    actor,
    (s) => helpStatuses(s),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  useEffect(() => actor.send({ type: 'LOAD' }), [actor]);
  const lists = combinedStatus({ categories: statuses.categories, articles: statuses.articles, tags: statuses.tags });
  return { actor, context, statuses, lists, retry: () => actor.send({ type: 'LOAD' }) };
}

/** Focuses the page's h1 once it is drawn, and again for each new address (another article, another search). */
export function useHeadingFocus(ready: boolean, key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ready) ref.current?.focus();
  }, [ready, key]);
  return ref;
}

/** Sets the tab's title. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Formulary`;
  }, [title]);
}
