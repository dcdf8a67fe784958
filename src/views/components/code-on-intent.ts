// Code a control needs only once the user shows interest in it (hovers, focuses, presses it): loaded once for
// every instance, on the first sign of interest, and kept; a failed load is tried again on the next sign.
export function codeOnIntent<T>(load: () => Promise<T>) {
  let code: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    /** The code, when it has arrived. */
    current: () => code,
    request: (): Promise<T> =>
      (loading ??= load().then(
        (loaded) => (code = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}
