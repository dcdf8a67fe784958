// The access token of a "logged in as another user" session lives in sessionStorage (this tab only).
const key = 'qm.impersonationToken';

export const tokenStore = {
  read: (): string | null => sessionStorage.getItem(key),
  write: (token: string): void => sessionStorage.setItem(key, token),
  clear: (): void => sessionStorage.removeItem(key),
};
