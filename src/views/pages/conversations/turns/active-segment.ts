// Which transcript segment is playing: the one the audio's current time falls in.
import type { Turn } from '../../../../../contract/conversations';

/**
 * The index of the segment playing at `seconds`: of the segments whose span holds it, the one that started
 * last (speakers may overlap on a stereo call); null in a silence or for turns without timestamps.
 */
export function activeSegmentIndex(turns: readonly Turn[], seconds: number): number | null {
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const { start_s: start, end_s: end } = turns[index] as Turn;
    if (start !== null && end !== null && start <= seconds && seconds < end) return index;
  }
  return null;
}
