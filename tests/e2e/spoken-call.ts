// A real call recording for the e2e tests: each line spoken by espeak-ng, the agent on the left channel and the
// customer on the right, one after the other with a pause, as a 16 kHz stereo WAV (the transcription engine
// splits a stereo call into its two sides).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SpokenLine {
  speaker: 'agent' | 'customer';
  text: string;
}

const sampleRate = 16_000;
const pauseSeconds = 1;

/** The line spoken by espeak-ng as 16 kHz mono 16-bit samples (ffmpeg resamples espeak's 22 kHz). */
function speak(text: string, dir: string, index: number): Buffer {
  const wav = path.join(dir, `line-${index}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, text]);
  return execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-i',
    wav,
    '-f',
    's16le',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-',
  ]);
}

function wavHeader(dataBytes: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2 * channels, 28);
  header.writeUInt16LE(2 * channels, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The lines as one stereo WAV: each on its speaker's channel, silence on the other. */
export function spokenCall(lines: readonly SpokenLine[]): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'qm-spoken-'));
  try {
    const pause = Buffer.alloc(Math.round(pauseSeconds * sampleRate) * 2);
    const voiced = lines.map((line, index) => ({
      ...line,
      samples: Buffer.concat([speak(line.text, dir, index), pause]),
    }));
    const frames = voiced.reduce((total, line) => total + line.samples.length / 2, 0);
    const data = Buffer.alloc(frames * 4);
    let frame = 0;
    for (const line of voiced) {
      const channel = line.speaker === 'agent' ? 0 : 1;
      for (let i = 0; i < line.samples.length / 2; i += 1, frame += 1) {
        data.writeInt16LE(line.samples.readInt16LE(i * 2), frame * 4 + channel * 2);
      }
    }
    return Buffer.concat([wavHeader(data.length, 2), data]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
