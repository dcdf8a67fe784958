// Editing a conversation's metadata as rows: blank rows dropped, keys trimmed, each row's mistake named.
import { describe, expect, it } from 'vitest';
import {
  metadataRows,
  readMetadataRows,
  sameMetadata,
} from '../../../src/views/pages/conversations/metadata-rows';

describe('readMetadataRows', () => {
  it('gives the metadata of the filled rows, keys trimmed, values kept as typed', () => {
    expect(
      readMetadataRows([
        { key: ' channel ', value: 'phone' },
        { key: '', value: '' },
        { key: 'tier', value: '' },
      ]),
    ).toEqual({ ok: true, metadata: { channel: 'phone', tier: '' } });
    expect(metadataRows({ tier: 'gold', channel: 'web' })).toEqual([
      { key: 'channel', value: 'web' },
      { key: 'tier', value: 'gold' },
    ]);
    expect(readMetadataRows(metadataRows({ a: '1', b: '2' }))).toEqual({
      ok: true,
      metadata: { a: '1', b: '2' },
    });
  });

  it('names a missing, duplicate or too long key and a too long value, row by row', () => {
    expect(
      readMetadataRows([
        { key: 'channel', value: 'phone' },
        { key: ' channel', value: 'web' },
        { key: '', value: 'orphan' },
        { key: 'k'.repeat(101), value: 'v'.repeat(1001) },
      ]),
    ).toEqual({
      ok: false,
      tooMany: false,
      rows: [
        {},
        { key: 'conversation.edit.duplicateKey' },
        { key: 'validation.required' },
        { key: 'validation.tooLong', value: 'validation.tooLong' },
      ],
    });
  });

  it('refuses more than 50 keys', () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: '' }));
    expect(readMetadataRows(rows)).toMatchObject({ ok: false, tooMany: true });
    expect(readMetadataRows(rows.slice(0, 50))).toMatchObject({ ok: true });
  });
});

describe('sameMetadata', () => {
  it('compares keys and values, not their order', () => {
    expect(sameMetadata({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameMetadata({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameMetadata({ a: '1' }, { a: '1', b: '' })).toBe(false);
  });
});
