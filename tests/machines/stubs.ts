// Stand-ins for the actors a machine invokes, each settled or fed by the test on command.
import { Subject } from 'rxjs';
import {
  fromCallback,
  fromEventObservable,
  fromPromise,
  type AnyEventObject,
  type EventObject,
  type NonReducibleUnknown,
} from 'xstate';

/** Lets promise callbacks, and the actor's reactions to them, run. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

interface PromiseRun<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  settled: boolean;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

/** A promise actor that stays pending until the test resolves or rejects its latest run. */
export function promiseStub<TOutput, TInput = NonReducibleUnknown>(src: string) {
  const runs: PromiseRun<TOutput, TInput>[] = [];
  const current = () => {
    const run = runs.at(-1);
    // Settling a stopped or settled run would hide a missing (re-)invocation.
    if (!run || run.settled || run.signal.aborted) throw new Error(`${src} is not running`);
    run.settled = true;
    return run;
  };
  return {
    logic: fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => runs.push({ input, signal, settled: false, resolve, reject })),
    ),
    /** Every run started so far, in order. */
    runs,
    resolve: (output: TOutput) => current().resolve(output),
    reject: (error: unknown) => current().reject(error),
  };
}

interface CallbackRun {
  sendBack: (event: AnyEventObject) => void;
  stopped: boolean;
}

/** A callback actor through which the test sends events to the machine, as the real one would. */
export function callbackStub<TEvent extends EventObject>(src: string) {
  const runs: CallbackRun[] = [];
  return {
    logic: fromCallback<TEvent>(({ sendBack }) => {
      const run = { sendBack, stopped: false };
      runs.push(run);
      return () => {
        run.stopped = true;
      };
    }),
    runs,
    send(event: TEvent) {
      const run = runs.at(-1);
      if (!run || run.stopped) throw new Error(`${src} is not running`);
      run.sendBack(event);
    },
  };
}

/** An event-observable actor: the test pushes events through it, or makes it fail. */
export function eventStreamStub<
  TEvent extends EventObject,
  TInput extends NonReducibleUnknown = NonReducibleUnknown,
>(src: string) {
  const streams: Subject<TEvent>[] = [];
  const inputs: TInput[] = [];
  const current = () => {
    const stream = streams.at(-1);
    if (!stream?.observed) throw new Error(`${src} is not running`);
    return stream;
  };
  return {
    logic: fromEventObservable<TEvent, TInput>(({ input }) => {
      const stream = new Subject<TEvent>();
      streams.push(stream);
      inputs.push(input);
      return stream;
    }),
    /** One per run; a stream no longer observed belongs to a stopped run. */
    streams,
    /** The input of each run, in order. */
    inputs,
    emit: (event: TEvent) => current().next(event),
    /** Ends the stream: the actor is done. */
    complete: () => current().complete(),
    reject: (error: unknown) => current().error(error),
  };
}
