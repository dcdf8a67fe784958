// The local translation engine: Debian's apertium, which has no English–French pair, through Spanish (en → es →
// fr with apertium-eng-spa and apertium-fr-es, and back). Gist quality. apertium is given files, not stdin: its
// pipeline of several programs is then run once per pass over the whole conversation.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Language } from '../../../contract/enums';
import { createConcurrencyLimit } from '../concurrency';
import type { EngineStatus } from '../engine-status';
import { fromApertiumDocument, toApertiumDocument } from './apertium-document';
import { TranslationUnavailable, type TranslationEngine } from './index';
import { itemsOf, turnsFromItems } from './items';

const run = promisify(execFile);

/** The apertium modes (language-pair directions) each translation goes through, in order. */
const passes: Record<`${Language}-${Language}`, string[]> = {
  'en-fr': ['eng-spa', 'es-fr'],
  'fr-en': ['fr-es', 'spa-eng'],
  'en-en': [],
  'fr-fr': [],
};

const requiredModes = [...new Set(Object.values(passes).flat())];

const packagesHint = 'the Debian packages apertium, apertium-eng-spa and apertium-fr-es';

export interface ApertiumOptions {
  /** The apertium program; tests point it elsewhere to see the engine unavailable. */
  command?: string;
  timeoutMs?: number;
  /** Translations running at once; each is a pipeline of several processes. */
  maxConcurrent?: number;
}

export function createApertiumEngine({
  command = 'apertium',
  timeoutMs = 120_000,
  maxConcurrent = 2,
}: ApertiumOptions = {}): TranslationEngine {
  let checked: Promise<EngineStatus> | undefined;
  const limit = createConcurrencyLimit(maxConcurrent);

  async function check(): Promise<EngineStatus> {
    try {
      const { stdout } = await run(command, ['-l'], { timeout: 10_000 });
      const modes = new Set(stdout.split('\n').map((line) => line.trim()));
      const missing = requiredModes.filter((mode) => !modes.has(mode));
      return missing.length === 0
        ? { status: 'ok', detail: `apertium through Spanish (${requiredModes.join(', ')})` }
        : { status: 'unavailable', detail: `apertium lacks ${missing.join(', ')}: install ${packagesHint}` };
    } catch {
      return { status: 'unavailable', detail: `apertium is not installed: install ${packagesHint}` };
    }
  }

  const engine: TranslationEngine = {
    run: { engine: 'apertium', model: 'apertium-eng-spa + apertium-fr-es (through Spanish)' },
    gist: true,
    status: () => (checked ??= check()),
    async translate(turns, from, to) {
      const items = itemsOf(turns);
      const modes = passes[`${from}-${to}`];
      if (items.length === 0 || modes.length === 0) return turns.map((turn) => ({ ...turn }));
      const status = await engine.status();
      if (status.status !== 'ok') throw new TranslationUnavailable(`No translation engine: ${status.detail}`);

      return limit(async () => {
        const directory = await mkdtemp(path.join(tmpdir(), 'qm-apertium-'));
        try {
          let input = path.join(directory, 'source.html');
          await writeFile(input, toApertiumDocument(items));
          for (const [index, mode] of modes.entries()) {
            const output = path.join(directory, `pass-${index}.html`);
            // -u: no asterisks on unknown words; html-noent: tags kept, accented letters left as they are.
            await run(command, ['-u', '-f', 'html-noent', mode, input, output], { timeout: timeoutMs });
            input = output;
          }
          return turnsFromItems(turns, fromApertiumDocument(await readFile(input, 'utf8'), items.length));
        } finally {
          await rm(directory, { recursive: true, force: true });
        }
      });
    },
  };
  return engine;
}
