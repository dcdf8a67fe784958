// What the conversation list writes: a conversation's length, an export's file name from the server's header,
// and the sizes an export reports while it arrives.
import { describe, expect, it } from 'vitest';
import { attachmentFileName } from '../../../src/services/downloads/save-file';
import { formatBytes } from '../../../src/views/components/format';
import { formatConversationDuration } from '../../../src/views/pages/conversations/conversation-duration';

describe('conversation duration', () => {
  it('shows minutes and seconds, and hours only from the first hour', () => {
    expect(formatConversationDuration(0, 'en')).toBe('0:00');
    expect(formatConversationDuration(247, 'en')).toBe('4:07');
    expect(formatConversationDuration(3599, 'en')).toBe('59:59');
    expect(formatConversationDuration(3765, 'en')).toBe('1:02:45');
  });

  it('shows days and hours, in the reader’s language, for an email thread spanning days', () => {
    const twoDaysThreeHours = 2 * 86_400 + 3 * 3600 + 59 * 60;
    expect(formatConversationDuration(twoDaysThreeHours, 'en')).toBe('2d, 3h');
    expect(formatConversationDuration(twoDaysThreeHours, 'fr')).toBe('2j, 3h');
    expect(formatConversationDuration(86_399, 'fr')).toBe('23:59:59');
  });
});

describe('export file name', () => {
  it('prefers the UTF-8 name, falls back to the plain one, and is null without a name', () => {
    expect(
      attachmentFileName(`attachment; filename="conversations.csv"; filename*=UTF-8''Service%20Client.csv`),
    ).toBe('Service Client.csv');
    expect(attachmentFileName('attachment; filename="conversations.xlsx"')).toBe('conversations.xlsx');
    expect(attachmentFileName('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(attachmentFileName(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.csv"`)).toBe(
      'fallback.csv',
    );
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });
});

describe('export size', () => {
  it('counts kilobytes below a megabyte, megabytes above, in the reader’s language', () => {
    expect(formatBytes(840_000, 'en')).toBe('840 kB');
    expect(formatBytes(12_530_000, 'en')).toBe('12.5 MB');
    expect(formatBytes(12_530_000, 'fr')).toMatch(/^12,5\sMo$/);
  });
});
