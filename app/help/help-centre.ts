import { createActor } from 'xstate';
import { createHelpCentreMachine, type HelpCentreActor, type HelpCentreApi } from '../../shop/help/help-centre-machine.ts';
import { reportError } from '../report-error.ts';
import { appSession, type Session } from '../session';
import { createAppHelpApi } from './help-api.ts';

/**
 * A help centre started over `api`, reset whenever the session ends (spec 001 §4: "Sign-out resets help-centre
 * state"), its failed knowledge-base fetches reported (§8).
 */
export function startHelpCentre(api: HelpCentreApi, session: Session = appSession): HelpCentreActor {
  const actor = createActor(createHelpCentreMachine(api, reportError)).start();
  session.onSignOut(() => actor.send({ type: 'RESET' }));
  return actor;
}

let started: HelpCentreActor | undefined;

/** The app's one help centre, started by the first help page: what one page loaded, the next shows at once. */
export function appHelpCentre(): HelpCentreActor {
  started ??= startHelpCentre(createAppHelpApi());
  return started;
}
