// Real audio for demo calls, spoken by Debian's espeak-ng: each line in a voice per speaker, the agent on the left
// channel and the customer on the right, as contact-centre recorders store calls. Without espeak-ng there is no
// audio, and the demo's calls stay text-only.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Speaker } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';

const run = promisify(execFile);

const voices: Record<Language, Record<Speaker, string>> = {
  en: { agent: 'en-us', customer: 'en-us+f2' },
  fr: { agent: 'fr+m3', customer: 'fr+f2' },
};

/** A pause between turns, in seconds. */
const gapSeconds = 0.4;

export async function hasEspeak(): Promise<boolean> {
  return run('espeak-ng', ['--version']).then(
    () => true,
    () => false,
  );
}

/** The 16-bit mono samples and sample rate of a PCM WAV file as espeak-ng writes it. */
function readPcm(wav: Buffer): { samples: Int16Array; sampleRate: number } {
  const sampleRate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') {
      const bytes = wav.subarray(offset + 8, Math.min(wav.length, offset + 8 + size));
      const samples = new Int16Array(bytes.length >> 1);
      for (let index = 0; index < samples.length; index += 1) samples[index] = bytes.readInt16LE(index * 2);
      return { samples, sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('espeak-ng wrote a WAV file without audio data');
}

/** A 16-bit PCM WAV file of interleaved stereo samples. */
function stereoWav(left: Int16Array, right: Int16Array, sampleRate: number): Buffer {
  const frames = left.length;
  const wav = Buffer.alloc(44 + frames * 4);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + frames * 4, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(frames * 4, 40);
  for (let frame = 0; frame < frames; frame += 1) {
    wav.writeInt16LE(left[frame] ?? 0, 44 + frame * 4);
    wav.writeInt16LE(right[frame] ?? 0, 46 + frame * 4);
  }
  return wav;
}

/** The call spoken line by line, as a stereo WAV file (agent left, customer right), with its length in seconds. */
export async function speakCall(
  lines: readonly (readonly [Speaker, string])[],
  language: Language,
): Promise<{ wav: Buffer; durationSeconds: number }> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'qm-demo-audio-'));
  try {
    const spoken = [];
    for (const [index, [speaker, text]] of lines.entries()) {
      const file = path.join(workDir, `${index}.wav`);
      await run('espeak-ng', ['-v', voices[language][speaker], '-s', '150', '-w', file, text]);
      spoken.push({ speaker, ...readPcm(await readFile(file)) });
    }
    const sampleRate = spoken[0]?.sampleRate ?? 22050;
    const gap = Math.round(gapSeconds * sampleRate);
    const frames = spoken.reduce((total, line) => total + line.samples.length + gap, 0);
    const channels = { agent: new Int16Array(frames), customer: new Int16Array(frames) };
    let at = 0;
    for (const line of spoken) {
      channels[line.speaker].set(line.samples, at);
      at += line.samples.length + gap;
    }
    return {
      wav: stereoWav(channels.agent, channels.customer, sampleRate),
      durationSeconds: Math.round(frames / sampleRate),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
