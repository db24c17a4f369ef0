import { createActor } from 'xstate';
import type { Address, User } from '#api';
import { createSessionMachine, type SessionActorRef } from './session-machine';
import type { SessionData, SessionDeps } from './session-services';

export { selectAuthStatus } from './session-machine';

/** A stored session's first read, made without the machine (./index.tsx `Session.start`): each call's answer, and both once in. */
export interface FirstRead {
  account: Promise<User>;
  addresses: Promise<Address[]>;
  data?: SessionData;
}

/** `call`, except that its first call answers with `early`. */
function answeredOnce<A extends unknown[], T>(early: Promise<T>, call: (...args: A) => Promise<T>) {
  let kept: Promise<T> | undefined = early;
  return (...args: A): Promise<T> => {
    const answer = kept ?? call(...args);
    kept = undefined;
    return answer;
  };
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;

/**
 * The session's machine over `deps`: after a first read still on its way or failed, its first load takes that read's
 * answers instead of asking again. Made in a task of its own, before the actor starts (./index.tsx): on a phone-speed
 * CPU the two together were one long task.
 */
export function sessionMachineFor(deps: SessionDeps, first: FirstRead | undefined): SessionMachine {
  const { api } = deps;
  const taken =
    first && !first.data
      ? { ...api, getAccount: answeredOnce(first.account, api.getAccount), getAddresses: answeredOnce(first.addresses, api.getAddresses) }
      : api;
  return createSessionMachine({ ...deps, api: taken });
}

/**
 * Starts the session's actor (spec 000 §4.6) and keeps it told of tokens cleared behind its back (EXPIRED). After a
 * first read that answered it starts authenticated with it (and ends at once, "expired", if the tokens went meanwhile);
 * after one still on its way or failed, it loads the session with that read's answers instead of asking again; else it fetches.
 */
export function startSessionActor(machine: SessionMachine, deps: SessionDeps, first: FirstRead | undefined, onLogout: () => void): SessionActorRef {
  const { tokens } = deps;
  const actor = createActor(machine).start();
  actor.on('logout', onLogout);
  const stored = () => {
    const { user, guest } = tokens.read();
    return Boolean(user || guest);
  };
  if (first?.data) {
    actor.send({ type: 'SET_AUTHENTICATED', ...first.data });
    if (!stored()) actor.send({ type: 'EXPIRED' });
  } else if (first) {
    // The read under way is the load the machine would have begun with the page: it enters that load whatever the
    // tokens say now (a refused read clears them), as it would have (SIGNED_IN: load the session).
    actor.send({ type: 'SIGNED_IN' });
  } else actor.send({ type: 'FETCH' });
  tokens.subscribe(() => {
    if (!stored()) actor.send({ type: 'EXPIRED' });
  });
  return actor;
}
