// The data of the page the app opens on, asked for as soon as boot has a token, while the app's code still downloads
// (decision 0228). The API client takes each answer once, in place of its own first call for that path; an answer
// nobody takes is dropped after a while.

/** The main API paths a page's first paint needs, for the paths of the pages that have them. */
const firstRouteData: [RegExp, (id: string) => string[]][] = [
  [/^\/conversations\/([0-9a-f-]{36})$/i, (conversationId) => [`/conversations/${conversationId}`]],
  [
    /^\/campaigns\/([0-9a-f-]{36})\/conversations$/i,
    (campaignId) => [`/campaigns/${campaignId}`, `/campaigns/${campaignId}/users/me/role`],
  ],
];

/** How long an answer asked for ahead waits to be taken: past it, the page asks again itself. */
const keptForMs = 30_000;

const early = new Map<string, Promise<Response>>();

/** Asks for the data of the page at `pathname` with `token`, when that page has any to ask for. */
export function requestFirstRouteData(
  pathname: string,
  token: string,
  fetchImpl: typeof fetch = fetch,
): void {
  for (const [pattern, paths] of firstRouteData) {
    const id = pattern.exec(pathname)?.[1];
    if (!id) continue;
    for (const path of paths(id)) {
      const response = fetchImpl(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      // A failure is the page's to report when it asks: it takes this answer and meets the error then.
      response.catch(() => undefined);
      early.set(path, response);
      setTimeout(() => early.delete(path), keptForMs);
    }
  }
}

/** The answer asked for ahead for `path`, once; undefined when there is none. */
export function takeFirstRouteData(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response;
}
