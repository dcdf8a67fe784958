// The live channel's hub: messages for a user go through PostgreSQL NOTIFY, so every server instance
// delivers them to the sockets it holds for that user (PGlite and PostgreSQL alike).
import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../contract/live';
import { notify, type Database, type DatabaseHandle } from '../db/client';

const channel = 'live_messages';

interface Envelope {
  userIds: string[];
  message: LiveMessage;
}

/** Users per NOTIFY: their ids and the message stay well under PostgreSQL's 8000-byte payload limit. */
const usersPerEnvelope = 100;

export interface LiveHub {
  /** Registers a socket for a user until it closes. */
  attach(userId: string, socket: WebSocket): void;
  publish(db: Database, userId: string, message: LiveMessage): Promise<void>;
  /** One message for many users, in as few NOTIFYs as the payload limit allows. */
  publishToUsers(db: Database, userIds: readonly string[], message: LiveMessage): Promise<void>;
  close(): Promise<void>;
}

export async function createLiveHub(database: DatabaseHandle): Promise<LiveHub> {
  const socketsByUser = new Map<string, Set<WebSocket>>();

  const deliver = (payload: string) => {
    const { userIds, message } = JSON.parse(payload) as Envelope;
    const text = JSON.stringify(message);
    for (const userId of userIds) for (const socket of socketsByUser.get(userId) ?? []) socket.send(text);
  };
  const unlisten = await database.listen(channel, deliver);

  const publishToUsers: LiveHub['publishToUsers'] = async (db, userIds, message) => {
    for (let start = 0; start < userIds.length; start += usersPerEnvelope) {
      const envelope: Envelope = { userIds: userIds.slice(start, start + usersPerEnvelope), message };
      await notify(db, channel, JSON.stringify(envelope));
    }
  };

  return {
    attach(userId, socket) {
      const sockets = socketsByUser.get(userId) ?? new Set();
      sockets.add(socket);
      socketsByUser.set(userId, sockets);
      socket.once('close', () => {
        sockets.delete(socket);
        if (sockets.size === 0) socketsByUser.delete(userId);
      });
    },
    publish: (db, userId, message) => publishToUsers(db, [userId], message),
    publishToUsers,
    async close() {
      await unlisten();
      for (const sockets of socketsByUser.values()) for (const socket of sockets) socket.close(1001);
    },
  };
}
