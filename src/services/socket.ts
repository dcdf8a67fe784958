// The live channel: one shared RxJS stream of the messages of `WebSocket /api/ws?token=…`, typed by the contract
// (the server sends nothing else; decision 0196). It connects on first subscription, reconnects with backoff after
// errors and after clean closes (the server closes at token expiry), and takes the current token at every
// connection.
import { defer, type Observable, repeat, retry, share, timer } from 'rxjs';
import { webSocket } from 'rxjs/webSocket';
import type { LiveMessage } from '../../contract/live';
import { reconnectDelay } from './reconnect-delay';

export function liveChannelUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/ws?token=${encodeURIComponent(token)}`;
}

export function createLiveChannel(currentToken: () => string): Observable<LiveMessage> {
  let attempts = 0;
  const nextDelay = () => timer(reconnectDelay(++attempts));

  return defer(() =>
    webSocket<LiveMessage>({
      url: liveChannelUrl(window.location, currentToken()),
      openObserver: { next: () => (attempts = 0) },
    }),
  ).pipe(retry({ delay: nextDelay }), repeat({ delay: nextDelay }), share());
}
