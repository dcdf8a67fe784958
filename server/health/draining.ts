// Whether the process is draining: from the stop signal on, /readyz answers 503 so a load balancer sends it no new
// request, while the requests it still gets are served until the server closes.
export interface Draining {
  readonly active: boolean;
  start(): void;
}

export function createDraining(): Draining {
  let active = false;
  return {
    get active() {
      return active;
    },
    start() {
      active = true;
    },
  };
}
