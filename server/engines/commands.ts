// The local engines' Debian programs: whether one is installed, and running one with a time limit, stopped when
// the work is abandoned, its error output kept for the reason of a failure.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Whether `name` is an executable on the PATH. */
export async function commandExists(name: string): Promise<boolean> {
  const directories = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const directory of directories) {
    const found = await access(path.join(directory, name), constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}

export async function filesExist(paths: readonly string[]): Promise<boolean> {
  const found = await Promise.all(
    paths.map((file) =>
      access(file, constants.R_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}

/** A program that exited with an error or ran out of time; `detail` is the end of what it wrote on stderr. */
export class CommandError extends Error {
  override name = 'CommandError';
  constructor(
    readonly command: string,
    readonly detail: string,
    readonly timedOut: boolean,
  ) {
    super(timedOut ? `${command} took too long` : `${command} failed: ${detail || 'no message'}`);
  }
}

export interface RunOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /**
   * Reads stdout as it comes (at its own pace: the program waits while it is behind); without it stdout is
   * collected and returned.
   */
  consumeStdout?: (stdout: Readable) => Promise<void>;
}

const stderrKeptBytes = 2000;

/** Runs `command`, resolving to its stdout (unless `consumeStdout` reads it) once it exits with 0. */
export async function runCommand(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<string> {
  let consumed: Promise<void> = Promise.resolve();
  const exited = new Promise<string>((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason as Error);
    const child: ChildProcessByStdio<null, Readable, Readable> = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    if (options.consumeStdout) {
      consumed = options.consumeStdout(child.stdout).catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
    } else {
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    }
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-stderrKeptBytes)));

    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    options.signal.addEventListener('abort', stop, { once: true });

    child.once('error', (error) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', stop);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', stop);
      if (options.signal.aborted) return reject(options.signal.reason as Error);
      if (code === 0 && !timedOut) return resolve(Buffer.concat(stdout).toString('utf8'));
      reject(new CommandError(command, stderr.trim(), timedOut));
    });
  });
  const [output] = await Promise.all([exited, consumed]);
  return output;
}
