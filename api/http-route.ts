// What a call's route is (method, path, who may call), without zod, so the browser bundle can carry it. Every call is
// declared once, in api/endpoints.ts.

/**
 * Who may call, and what a bearer means:
 * - 'none': no bearer is sent, and the server ignores one.
 * - 'optional': the bearer is sent when there is one; the server checks it (401 token_not_valid when it is dead,
 *   and the client then drops the stored session).
 * - 'context': the bearer is sent when there is one only to say who asks (the guest following its own sign-in
 *   link); the operation reads it itself, and a token_not_valid answer is about the body's token, so the stored
 *   session is kept.
 * - 'required': a signed-in user's or a guest's bearer; without one, 401.
 */
export type EndpointAuth = 'none' | 'optional' | 'context' | 'required';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
}

/** Fills `:name` path parameters, URL-encoded. */
export function buildPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}
