/**
 * Why a username cannot be used, or null. A username may look like an e-mail address only when it is the account's
 * own e-mail: otherwise someone could hold a name shaped like another person's address (server/identity/README.md).
 */
export function usernameProblem(username: string, ownEmail: string | null): string | null {
  if (username.includes('@') && username !== ownEmail) return 'A username cannot be an e-mail address other than your own.';
  return null;
}
