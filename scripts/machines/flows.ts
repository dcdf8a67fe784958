// The browser flows for the scripts that describe them: every `src/machines/<flow>/machine.ts` and the machine it
// exports, found on disk so that a new flow is described without being listed anywhere.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

export interface Flow {
  /** The folder under `src/machines/`. */
  flow: string;
  machine: AnyStateMachine;
}

const machinesDir = path.resolve(import.meta.dirname, '../../src/machines');

/** The flows in their folders' alphabetical order; a `machine.ts` must export exactly one machine. */
export async function findFlows(): Promise<Flow[]> {
  const folders = (await readdir(machinesDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    folders.map(async (flow) => {
      const file = path.join(machinesDir, flow, 'machine.ts');
      const exported: Record<string, unknown> = await import(pathToFileURL(file).href);
      const machines = Object.values(exported).filter((value) => value instanceof StateMachine);
      const [machine] = machines;
      if (machines.length !== 1 || !machine)
        throw new Error(`${path.relative(process.cwd(), file)} exports ${machines.length} machines, not one`);
      return { flow, machine };
    }),
  );
}
