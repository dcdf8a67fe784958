// Call audio made ready for recognition: decoded by Debian's ffmpeg into 16 kHz mono WAV files, one per speaker
// for a stereo call (left the agent, right the customer), each with its loudness over time for the gate.
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Speaker } from '../../../contract/conversations';
import { PermanentJobError } from '../../errors';
import { CommandError, runCommand } from '../commands';
import { levelWindowSeconds } from './gate';

export const sampleRate = 16_000;
const windowSamples = sampleRate * levelWindowSeconds;
const wavHeaderBytes = 44;

/** A speaker's side of the call, decoded. */
export interface DecodedChannel {
  speaker: Speaker;
  wavPath: string;
  /** Mean square of the samples (full scale 1) per `levelWindowSeconds` window. */
  levels: Float32Array;
}

export interface DecodedAudio {
  durationSeconds: number;
  channels: DecodedChannel[];
}

/**
 * Channels this close to each other (the energy of their difference under a thousandth of theirs, −30 dB) carry
 * the same sound: a mono recording saved as stereo, transcribed once rather than twice as both speakers.
 */
const sameSoundRatio = 1e-3;

/** A 16-bit PCM mono WAV file written as samples come, its sizes filled in at the end. */
async function createWavWriter(wavPath: string) {
  const file: FileHandle = await open(wavPath, 'w');
  await file.write(Buffer.alloc(wavHeaderBytes));
  let dataBytes = 0;
  return {
    async write(samples: Int16Array) {
      await file.write(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
      dataBytes += samples.byteLength;
    },
    async close() {
      const header = Buffer.alloc(wavHeaderBytes);
      header.write('RIFF', 0, 'ascii');
      header.writeUInt32LE(36 + dataBytes, 4);
      header.write('WAVEfmt ', 8, 'ascii');
      header.writeUInt32LE(16, 16);
      header.writeUInt16LE(1, 20); // PCM
      header.writeUInt16LE(1, 22); // mono
      header.writeUInt32LE(sampleRate, 24);
      header.writeUInt32LE(sampleRate * 2, 28);
      header.writeUInt16LE(2, 32);
      header.writeUInt16LE(16, 34);
      header.write('data', 36, 'ascii');
      header.writeUInt32LE(dataBytes, 40);
      await file.write(header, 0, wavHeaderBytes, 0);
      await file.close();
    },
  };
}

/**
 * The channel count of the WAV ffmpeg streams and where its samples start, once `head` holds that far; null while
 * it does not. Chunks before the samples (format, metadata) are walked by their sizes.
 */
function readWavHeader(head: Buffer): { channels: number; dataOffset: number } | null {
  if (head.length < 12) return null;
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('ffmpeg did not stream a WAV');
  let channels = 0;
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    if (id === 'data') return { channels, dataOffset: offset + 8 };
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (offset + 8 + 4 > head.length) return null;
      channels = head.readUInt16LE(offset + 10);
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/**
 * Reads the WAV ffmpeg streams and writes its sides as WAV files: the two channels of a stereo call each to its
 * own, any other number mixed into one; measures each side's level per window and how much the two differ.
 */
async function splitSides(stdout: Readable, wavPathOf: (side: number) => string) {
  let head = Buffer.alloc(0);
  let inputChannels = 0;
  let sides = 0;
  let writers: Awaited<ReturnType<typeof createWavWriter>>[] = [];
  const levels: number[][] = [];
  let windowSums: Float64Array = new Float64Array(0);
  let energies: Float64Array = new Float64Array(0);
  let differenceEnergy = 0;
  let windowFill = 0;
  let frames = 0;
  let rest = Buffer.alloc(0);

  try {
    for await (const chunk of stdout as AsyncIterable<Buffer>) {
      let data = chunk;
      if (sides === 0) {
        head = Buffer.concat([head, chunk]);
        const header = readWavHeader(head);
        if (!header) continue;
        inputChannels = header.channels;
        sides = inputChannels === 2 ? 2 : 1;
        writers = await Promise.all(
          Array.from({ length: sides }, (_side, side) => createWavWriter(wavPathOf(side))),
        );
        for (let side = 0; side < sides; side++) levels.push([]);
        windowSums = new Float64Array(sides);
        energies = new Float64Array(sides);
        data = head.subarray(header.dataOffset);
      }
      const frameBytes = 2 * inputChannels;
      const joined = rest.length > 0 ? Buffer.concat([rest, data]) : data;
      const whole = joined.length - (joined.length % frameBytes);
      rest = Buffer.from(joined.subarray(whole));
      const frameCount = whole / frameBytes;
      // Copied into an aligned array: a chunk may start at any byte offset, an Int16Array view may not.
      const interleaved = new Int16Array(frameCount * inputChannels);
      Buffer.from(interleaved.buffer).set(joined.subarray(0, whole));
      const outputs = writers.map(() => new Int16Array(frameCount));
      for (let frame = 0; frame < frameCount; frame++) {
        const base = frame * inputChannels;
        for (let side = 0; side < sides; side++) {
          let raw = interleaved[base + side]!;
          if (sides === 1 && inputChannels > 1) {
            let sum = 0;
            for (let channel = 0; channel < inputChannels; channel++) sum += interleaved[base + channel]!;
            raw = Math.round(sum / inputChannels);
          }
          outputs[side]![frame] = raw;
          const sample = raw / 32768;
          windowSums[side]! += sample * sample;
          energies[side]! += sample * sample;
        }
        if (sides === 2) differenceEnergy += ((interleaved[base]! - interleaved[base + 1]!) / 32768) ** 2;
        if (++windowFill === windowSamples) {
          for (let side = 0; side < sides; side++) {
            levels[side]!.push(windowSums[side]! / windowSamples);
            windowSums[side] = 0;
          }
          windowFill = 0;
        }
      }
      frames += frameCount;
      await Promise.all(writers.map((writer, side) => writer.write(outputs[side]!)));
    }
    if (windowFill > 0)
      for (let side = 0; side < sides; side++) levels[side]!.push(windowSums[side]! / windowFill);
  } finally {
    await Promise.all(writers.map((writer) => writer.close()));
  }
  const totalEnergy = energies.reduce((sum, energy) => sum + energy, 0);
  return {
    sides,
    frames,
    levels: levels.map((values) => Float32Array.from(values)),
    sameSound: sides === 2 && differenceEnergy <= sameSoundRatio * totalEnergy,
  };
}

/**
 * Decodes the audio at `sourcePath` into `workDir` with one ffmpeg run: a stereo call into its two sides (unless
 * both carry the same sound), anything else mixed into one, which is the agent's (one channel cannot tell
 * speakers apart).
 */
export async function decodeAudio(
  sourcePath: string,
  workDir: string,
  { signal }: { signal: AbortSignal },
): Promise<DecodedAudio> {
  const speakers: Speaker[] = ['agent', 'customer'];
  const wavPathOf = (side: number) => path.join(workDir, `${speakers[side]}.wav`);
  let split: Awaited<ReturnType<typeof splitSides>> | undefined;
  await runCommand(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-i', sourcePath, '-vn', '-map', '0:a:0'],
      ...['-ar', String(sampleRate), '-acodec', 'pcm_s16le', '-f', 'wav', 'pipe:1'],
    ],
    {
      signal,
      // Decoding runs hundreds of times faster than real time; this only stops a stuck process.
      timeoutMs: 10 * 60_000,
      consumeStdout: async (stdout) => {
        split = await splitSides(stdout, wavPathOf);
      },
    },
  ).catch((error: unknown) => {
    if (error instanceof CommandError && !error.timedOut)
      throw new PermanentJobError('audio_unreadable', `The audio cannot be decoded: ${error.detail}`);
    throw error;
  });
  if (!split || split.frames === 0) throw new PermanentJobError('no_speech', 'The audio is empty');

  const decoded = split;
  const channels = Array.from({ length: decoded.sameSound ? 1 : decoded.sides }, (_side, side) => ({
    speaker: speakers[side]!,
    wavPath: wavPathOf(side),
    levels: decoded.levels[side]!,
  }));
  return { durationSeconds: decoded.frames / sampleRate, channels };
}
