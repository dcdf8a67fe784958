// The access token a signed-in session runs on, from the login service or from this tab's "logged in as" storage.
import type { AccessTokenResponse } from '../../contract/auth';

export interface SessionToken {
  token: string;
  /** Seconds until the token expires (0 when unknown). */
  expiresIn: number;
  /** True for a token from a "logged in as another user" session, kept in this tab, which cannot be refreshed. */
  impersonated: boolean;
}

/** The session token in a login service answer. */
export const sessionTokenFrom = (response: AccessTokenResponse): SessionToken => ({
  token: response.access_token,
  expiresIn: response.expires_in,
  impersonated: false,
});

/** The session token of a "logged in as another user" session, read from this tab's storage. */
export const impersonationSessionToken = (token: string): SessionToken => ({
  token,
  expiresIn: 0,
  impersonated: true,
});
