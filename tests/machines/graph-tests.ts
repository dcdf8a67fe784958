// Registers the path tests of one machine: the shortest and simple paths of its graph reach every state node and
// take every transition it defines, and each shortest path, replayed on the real machine, ends where it says.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActor, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { transitionsOf } from '../../scripts/machines/machine-definition';
import type { MachineGraph } from './support/machine-graphs';
import {
  coverageOf,
  describeEvent,
  describePath,
  pathsOf,
  serializeState,
  type MachinePath,
} from './support/machine-traversal';
import { settle } from './stubs';

/** A started actor of the machine, its side effects stubbed. */
export interface Harness {
  actor: AnyActor;
  /**
   * The stubs of invoked actors, by invoke id: a path's `xstate.done.actor.<id>` resolves the stub and
   * `xstate.error.actor.<id>` rejects it. Ids without a stub get the synthetic event sent instead.
   */
  outcomes: Partial<Record<string, { resolve?: (output: never) => void; reject: (error: unknown) => void }>>;
  /** Sends events that an invoked actor produces through that actor's stub, by event type. */
  deliver?: Partial<Record<string, (event: never) => void>>;
}

const settledPattern = /^xstate\.(done|error)\.actor\.(.+)$/;
const delayedPattern = /^xstate\.after\.([^.]+)\./;

/** The milliseconds of a named (or numeric) delay, as the machine computes them on entering the state. */
function delayOf(actor: AnyActor, name: string, enteringEvent: AnyEventObject): number {
  const delay: unknown = actor.logic.implementations.delays[name];
  if (typeof delay !== 'function') return typeof delay === 'number' ? delay : Number(name);
  const compute = delay as (args: { context: unknown; event: AnyEventObject }) => number;
  return compute({ context: actor.getSnapshot().context, event: enteringEvent });
}

async function perform(
  harness: Harness,
  event: AnyEventObject,
  enteringEvent: AnyEventObject,
): Promise<void> {
  const { actor, outcomes, deliver = {} } = harness;
  const settled = settledPattern.exec(event.type);
  const stub = settled && outcomes[settled[2] ?? ''];
  if (settled && stub) {
    if (settled[1] === 'error') stub.reject(event.error);
    else if (stub.resolve) stub.resolve(event.output as never);
    else throw new Error(`${settled[2]} cannot be resolved by its stub`);
    await settle();
    return;
  }
  const delayed = delayedPattern.exec(event.type);
  if (delayed) {
    const milliseconds = delayOf(actor, delayed[1] ?? '', enteringEvent);
    const before = serializeValue(actor.getSnapshot());
    if (milliseconds > 0) {
      vi.advanceTimersByTime(milliseconds - 1);
      expect(serializeValue(actor.getSnapshot()), `${delayed[1]} fired early`).toBe(before);
    }
    vi.advanceTimersByTime(milliseconds > 0 ? 1 : 0);
    return;
  }
  const viaActor = deliver[event.type];
  if (viaActor) viaActor(event as never);
  else actor.send(event);
}

const serializeValue = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

async function replay(graph: MachineGraph, harness: Harness, path: MachinePath): Promise<void> {
  const [initial, ...steps] = path.steps;
  if (!initial) throw new Error('A path starts with its initial state');
  const current = () => serializeState(graph, harness.actor.getSnapshot());
  expect(current(), 'initial state').toBe(serializeState(graph, initial.state));
  let enteringEvent = initial.event;
  for (const step of steps) {
    await perform(harness, step.event, enteringEvent);
    expect(current(), `after ${describeEvent(step.event)}`).toBe(serializeState(graph, step.state));
    enteringEvent = step.event;
  }
  expect(current()).toBe(serializeState(graph, path.state));
}

export function testGraph<TInput>(graph: MachineGraph, start: (input: TInput) => Harness): void {
  const startPaths = pathsOf(graph);

  describe(`${graph.flow} graph`, () => {
    it('reaches every state node on some path', () => {
      const { states, reachedStates } = coverageOf(graph, startPaths);
      expect(states.length).toBeGreaterThan(0);
      expect(states.filter((state) => !reachedStates.has(state))).toEqual([]);
    });

    it('takes every transition on some path, or from the end of one', () => {
      const { transitions, takenTransitions } = coverageOf(graph, startPaths);
      expect(transitions.length).toBeGreaterThan(0);
      expect(transitions.filter((transition) => !takenTransitions.has(transition))).toEqual([]);
    });

    it('tries only events that the machine handles somewhere', () => {
      const handled = new Set(transitionsOf(graph.machine).map((transition) => transition.eventType));
      const tried = startPaths.flatMap(({ shortest }) =>
        shortest.flatMap((path) => graph.events(path.state).map((event) => event.type)),
      );
      expect([...new Set(tried)].filter((type) => !handled.has(type))).toEqual([]);
    });

    describe('replays each shortest path on the machine', () => {
      beforeEach(() => {
        vi.useFakeTimers();
      });
      afterEach(() => {
        vi.useRealTimers();
      });

      for (const { start: graphStart, shortest } of startPaths) {
        for (const path of shortest) {
          it(`${graphStart.name}: ${describePath(graph, path)}`, async () => {
            const harness = start(graphStart.input as TInput);
            try {
              await replay(graph, harness, path);
            } finally {
              harness.actor.stop();
            }
          });
        }
      }
    });
  });
}
