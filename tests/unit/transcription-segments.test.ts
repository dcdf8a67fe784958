// What the local recogniser prints, read into timed segments, and the loudness gate that keeps a call's sides
// apart: silence, noise and the other speaker's voice leaking into a channel are not speech of that side.
import { describe, expect, it } from 'vitest';
import { gateSegments, levelWindowSeconds } from '../../server/engines/transcription/gate';
import { parsePocketsphinxOutput } from '../../server/engines/transcription/pocketsphinx-output';

describe('pocketsphinx output', () => {
  it('gives one segment per utterance, from its first word to its last, without fillers or variant marks', () => {
    const output = [
      'what like to cancel',
      '<s> 7.320 7.340 0.999100',
      'what(2) 7.350 7.530 0.093390',
      'like 7.540 7.910 0.976576',
      '<sil> 7.920 7.970 0.921816',
      '[NOISE] 7.970 7.980 0.5',
      'to(2) 7.980 8.090 0.125501',
      'cancel 8.100 8.670 0.780025',
      '</s> 8.680 8.940 1.000000',
      '<s> 9.000 9.100 1.000000',
      '<sil> 9.100 9.500 1.000000',
      '</s> 9.500 9.600 1.000000',
      'INFO: ngram_search.c(1028): bestpath 0.00 wall 0.000 xRT',
    ].join('\n');
    expect(parsePocketsphinxOutput(output)).toEqual([
      { start_s: 7.35, end_s: 8.67, text: 'what like to cancel' },
    ]);
  });
});

describe('loudness gate', () => {
  /** A level per window for `seconds`, `loud` (mean square) within the spans and silent elsewhere. */
  const levels = (seconds: number, spans: [number, number, number][]) =>
    Float32Array.from({ length: seconds / levelWindowSeconds }, (_value, window) => {
      const time = window * levelWindowSeconds;
      return spans.find(([start, end]) => time >= start && time < end)?.[2] ?? 0;
    });
  const segment = (start_s: number, end_s: number, text: string) => ({ start_s, end_s, text });

  it("keeps each side's own speech and drops the other side's voice leaking into it", () => {
    const agent = levels(10, [[1, 4, 0.1]]);
    // The agent's voice at −26 dB on the customer's line while the agent speaks, then the customer.
    const customer = levels(10, [
      [1, 4, 0.1 * 0.05 ** 2],
      [5, 8, 0.1],
    ]);
    const [agentKept, customerKept] = gateSegments([
      { levels: agent, segments: [segment(1, 4, 'hello')] },
      { levels: customer, segments: [segment(1.2, 3.8, 'hello leaked'), segment(5, 8, 'cancel please')] },
    ]);
    expect(agentKept).toEqual([segment(1, 4, 'hello')]);
    expect(customerKept).toEqual([segment(5, 8, 'cancel please')]);
  });

  it('keeps both sides when they talk over each other', () => {
    const both = levels(4, [[0, 4, 0.05]]);
    const louder = levels(4, [[0, 4, 0.2]]);
    const gated = gateSegments([
      { levels: both, segments: [segment(0, 4, 'wait')] },
      { levels: louder, segments: [segment(0, 4, 'no listen')] },
    ]);
    expect(gated.map((side) => side.length)).toEqual([1, 1]);
  });

  it('drops what was recognised in silence, on one channel as on two', () => {
    const quiet = levels(4, [[0, 4, 1e-7]]);
    expect(gateSegments([{ levels: quiet, segments: [segment(0, 4, 'thank you')] }])).toEqual([[]]);
  });
});
