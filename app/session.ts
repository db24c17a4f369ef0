/** The app's session, re-exported for pages (spec 000 §4.6). */
export { SessionProvider, useSession, useSessionLogout } from './session/index';
