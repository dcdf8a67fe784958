// The live channel: one shared RxJS stream of parsed messages from `WebSocket /api/ws?token=…`. It connects on
// first subscription, reconnects with backoff after errors and after clean closes (the server closes at token
// expiry), and takes the current token at every connection.
import { defer, filter, type Observable, repeat, retry, share, timer } from 'rxjs';
import { webSocket } from 'rxjs/webSocket';
import { liveMessageSchema, type LiveMessage } from '../../contract/live';
import { reconnectDelay } from './reconnect-delay';

export function liveChannelUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/ws?token=${encodeURIComponent(token)}`;
}

export function createLiveChannel(currentToken: () => string): Observable<LiveMessage> {
  let attempts = 0;
  const nextDelay = () => timer(reconnectDelay(++attempts));

  return defer(() =>
    webSocket<unknown>({
      url: liveChannelUrl(window.location, currentToken()),
      openObserver: { next: () => (attempts = 0) },
    }),
  ).pipe(
    filter((message): message is LiveMessage => liveMessageSchema.safeParse(message).success),
    retry({ delay: nextDelay }),
    repeat({ delay: nextDelay }),
    share(),
  );
}
