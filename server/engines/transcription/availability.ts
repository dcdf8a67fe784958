// Which transcription engines this machine can run, found once at start-up: the local one needs Debian's
// pocketsphinx, its English model and ffmpeg; the provider needs its URL and ffmpeg. Said in the log and in
// /api/health, with the packages that would enable what is missing.
import type { Config } from '../../config';
import { commandExists, filesExist } from '../commands';
import type { TranscriptionEngine } from './index';
import { createLocalEngine, pocketsphinxCommand, pocketsphinxModelFiles } from './local';
import { createProviderEngine } from './provider';

export interface TranscriptionEngines {
  /** pocketsphinx (English), when installed. */
  local: TranscriptionEngine | null;
  /** The configured provider, when there is one; it is then used for every language. */
  provider: TranscriptionEngine | null;
  /** ffmpeg decodes every call, whichever engine transcribes it. */
  decoder: boolean;
}

export interface EngineHealth {
  status: 'ok' | 'unavailable';
  detail: string;
}

export interface TranscriptionSetup {
  engines: TranscriptionEngines;
  health: EngineHealth;
}

/** The Debian package that brings each missing piece. */
const packageOf = {
  [pocketsphinxCommand]: 'pocketsphinx',
  'the pocketsphinx English model': 'pocketsphinx-en-us',
  ffmpeg: 'ffmpeg',
};

export async function detectTranscriptionEngines(config: Config): Promise<TranscriptionSetup> {
  const [recogniser, model, ffmpeg, ffprobe] = await Promise.all([
    commandExists(pocketsphinxCommand),
    filesExist(Object.values(pocketsphinxModelFiles)),
    commandExists('ffmpeg'),
    commandExists('ffprobe'),
  ]);
  const decoder = ffmpeg && ffprobe;
  const missing = (
    [
      [pocketsphinxCommand, recogniser],
      ['the pocketsphinx English model', model],
      ['ffmpeg', decoder],
    ] as const
  )
    .filter(([, present]) => !present)
    .map(([name]) => name);
  const engines: TranscriptionEngines = {
    local: recogniser && model ? createLocalEngine() : null,
    provider: config.engines.transcription.provider
      ? createProviderEngine(config.engines.transcription.provider)
      : null,
    decoder,
  };
  return { engines, health: transcriptionHealth(engines, missing) };
}

/** What the health check and the start-up log say of the engines, given what is missing for the local one. */
export function transcriptionHealth(
  engines: TranscriptionEngines,
  missing: readonly (keyof typeof packageOf)[],
): EngineHealth {
  if (engines.provider && engines.decoder)
    return {
      status: 'ok',
      detail: `English and French by the provider (model ${engines.provider.run.model})`,
    };
  if (engines.provider)
    return {
      status: 'unavailable',
      detail: 'the provider is configured but ffmpeg is missing: install the Debian package ffmpeg',
    };
  if (engines.local && engines.decoder)
    return {
      status: 'ok',
      detail: 'English by the local pocketsphinx; French needs a provider (set TRANSCRIPTION_BASE_URL)',
    };
  const packages = missing.map((name) => packageOf[name]).join(', ');
  return {
    status: 'unavailable',
    detail:
      `missing ${missing.join(', ')}: for English install the Debian packages ${packages}; ` +
      'for English and French set TRANSCRIPTION_BASE_URL to a provider',
  };
}
