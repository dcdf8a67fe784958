// The connectivity machine's side effect: the browser's online and offline events.
import { fromCallback } from 'xstate';
import type { ConnectivityEvent } from './machine';

export const connectivityActors = {
  watchBrowser: fromCallback<ConnectivityEvent>(({ sendBack }) => {
    const online = () => sendBack({ type: 'browser.online' });
    const offline = () => sendBack({ type: 'browser.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }),
};
