// Mentions in a discussion message's text: the "@name" being typed at the caret, the users it may name, the
// text once one is picked, and which users a finished text mentions ("@Sophie Martin" names Sophie Martin).
import type { MentionableUser } from '../../../../../contract/discussion';

/** An "@…" being typed: where its "@" is and what follows it up to the caret. */
export interface MentionQuery {
  start: number;
  query: string;
}

const maxQueryLength = 40;

/**
 * The mention typed just before the caret: an "@" starting a word (not the middle of an email address),
 * followed by no line break and no double space, as a name is.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/[\s([{"'«]/u.test(before.charAt(start - 1))) return null;
  const query = before.slice(start + 1);
  if (query.length > maxQueryLength || /[\n@]|\s\s|^\s/u.test(query)) return null;
  return { start, query };
}

/** Lower case, without accents: "Chloé" is found by "chloe". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The users whose name, or one of its words, starts with the query, at most `limit` of them; none once the
 * query is a whole name followed by a space (the mention is complete).
 */
export function matchingUsers(
  users: readonly MentionableUser[],
  query: string,
  limit = 8,
): MentionableUser[] {
  const wanted = fold(query);
  const complete = /\s$/.test(wanted) && users.some((user) => fold(user.name) === wanted.trimEnd());
  if (complete) return [];
  return users
    .filter((user) => {
      const name = fold(user.name);
      return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, limit);
}

/** The text with the query replaced by "@Name " and where the caret goes next. */
export function insertMention(
  text: string,
  mention: MentionQuery,
  user: MentionableUser,
): { text: string; caret: number } {
  const inserted = `@${user.name} `;
  const end = mention.start + 1 + mention.query.length;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(end),
    caret: mention.start + inserted.length,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "@Name" where no letter or digit follows, longest names first so "@Ann Lee" is not read as "@Ann". */
function mentionPattern(users: readonly MentionableUser[]): RegExp | null {
  if (users.length === 0) return null;
  const names = [...new Set(users.map((user) => user.name))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  return new RegExp(`@(${names.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

/** The ids of the users the text mentions, each once, in the order first mentioned. */
export function mentionedIds(text: string, users: readonly MentionableUser[]): string[] {
  const pattern = mentionPattern(users);
  if (!pattern) return [];
  const ids: string[] = [];
  for (const match of text.matchAll(pattern)) {
    for (const user of users) {
      if (user.name === match[1] && !ids.includes(user.id)) ids.push(user.id);
    }
  }
  return ids;
}

export type MessagePart = { text: string } | { mention: string };

/** A message's text cut into plain parts and the mentions of `users`, to show the mentions apart. */
export function messageParts(text: string, users: readonly MentionableUser[]): MessagePart[] {
  const pattern = mentionPattern(users);
  if (!pattern) return [{ text }];
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ mention: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
