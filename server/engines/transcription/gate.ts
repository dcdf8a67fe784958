// The loudness gate: which recognised segments are speech of that channel's speaker. A recogniser fed silence,
// line noise or the other speaker's voice leaking into a channel (crosstalk) still outputs words; those go.

/** The loudness of decoded audio is measured per window of this length. */
export const levelWindowSeconds = 0.1;

/** Quieter than this (dB full scale, over the segment) is silence or line noise, whatever was recognised. */
export const silenceFloorDb = -50;

/** On a two-sided call, a segment this much quieter than the other side at the same time is that side's voice. */
export const crosstalkMarginDb = 10;

export interface TimedSegment {
  start_s: number;
  end_s: number;
  text: string;
}

export interface GatedChannel {
  segments: TimedSegment[];
  /** Mean square of the samples (full scale 1) per window. */
  levels: Float32Array;
}

/** The mean level of `levels` over the segment's span, in dB full scale. */
function levelDb(levels: Float32Array, { start_s, end_s }: TimedSegment): number {
  const first = Math.max(0, Math.floor(start_s / levelWindowSeconds));
  const last = Math.min(levels.length, Math.max(first + 1, Math.ceil(end_s / levelWindowSeconds)));
  let sum = 0;
  for (let window = first; window < last; window++) sum += levels[window] ?? 0;
  const meanSquare = last > first ? sum / (last - first) : 0;
  return meanSquare > 0 ? 10 * Math.log10(meanSquare) : -Infinity;
}

/** Each channel's segments that pass the gate: loud enough, and on a call with two sides, not crosstalk. */
export function gateSegments(channels: readonly GatedChannel[]): TimedSegment[][] {
  return channels.map((channel, index) =>
    channel.segments.filter((segment) => {
      const level = levelDb(channel.levels, segment);
      if (level < silenceFloorDb) return false;
      return channels.every(
        (other, otherIndex) =>
          otherIndex === index || level >= levelDb(other.levels, segment) - crosstalkMarginDb,
      );
    }),
  );
}
