// Walks the registered machines with `xstate/graph`: shortest and simple paths per start, each as a readable
// line, and the state nodes and transitions that following those paths on the real machine reaches and takes.
import {
  createActor,
  fromCallback,
  getNextTransitions,
  pathToStateValue,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { GraphStart, MachineGraph } from './machine-graphs';
import {
  describeTransition,
  eventLabel,
  stateName,
  stateNodesOf,
  transitionsOf,
} from '../../../scripts/machines/machine-definition';

export type MachinePath = StatePath<AnyMachineSnapshot, AnyEventObject>;

export interface StartPaths {
  start: GraphStart;
  shortest: MachinePath[];
  simple: MachinePath[];
}

/** A state for the traversal: its value and the context fields that matter. */
export function serializeState(graph: MachineGraph, snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, ...graph.significantContext(snapshot.context) });
}

/**
 * The graph's events that some active state handles. Offering the others would only add self-loops, and an
 * unhandled `xstate.error.actor.*` would put the machine in error as if an actor it does not run had failed.
 */
export function eventsFor(graph: MachineGraph, snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const handled = new Set(getNextTransitions(snapshot).map((transition) => transition.eventType));
  return graph.events(snapshot).filter((event) => handled.has(event.type));
}

export function pathsOf(graph: MachineGraph): StartPaths[] {
  return graph.starts.map((start) => {
    const options = {
      input: start.input,
      events: (snapshot: AnyMachineSnapshot) => eventsFor(graph, snapshot),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeState(graph, snapshot),
    };
    return {
      start,
      shortest: getShortestPaths(graph.machine, options),
      simple: graph.simplePaths === false ? [] : getSimplePaths(graph.machine, options),
    };
  });
}

/** The events of a path; its first step is the initial state, reached by `xstate.init`. */
export const eventsOf = (path: MachinePath): AnyEventObject[] =>
  path.steps.slice(1).map((step) => step.event);

/** `Available(Panel.Open, List.Loading)` */
export function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => {
      if (child === undefined) return key;
      if (typeof child === 'string') return `${key}.${child}`;
      return Object.keys(child).length === 1
        ? `${key}.${describeValue(child)}`
        : `${key}(${describeValue(child)})`;
    })
    .join(', ');
}

const compact = (value: unknown): string => {
  const text = JSON.stringify(value, (_key, field: unknown) =>
    field instanceof Error ? `${field.name}: ${field.message}` : field,
  );
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

const describeFields = (fields: Record<string, unknown>): string =>
  Object.entries(fields)
    .map(([key, value]) => `${key}: ${compact(value)}`)
    .join(', ');

/** `SignedIn {impersonated: false}` */
export function describeState(graph: MachineGraph, snapshot: AnyMachineSnapshot): string {
  const fields = graph.significantContext(snapshot.context);
  const value = describeValue(snapshot.value);
  return Object.keys(fields).length ? `${value} {${describeFields(fields)}}` : value;
}

/**
 * `token.rejected(token: "token-0")`, `loadToken done({…})`, `after hoverExpandDelay`; the `actorId` of a
 * settled actor repeats its event type and is left out.
 */
export function describeEvent(event: AnyEventObject): string {
  const { type, actorId: _actorId, ...payload } = event;
  const label = eventLabel(type);
  if (type.startsWith('xstate.done.actor.')) return `${label}(${compact(payload.output)})`;
  if (type.startsWith('xstate.error.actor.')) return `${label}(${compact(payload.error)})`;
  return Object.keys(payload).length ? `${label}(${describeFields(payload)})` : label;
}

/** `Collapsed → menu.pointerEnter → Hovering → after hoverExpandDelay → ExpandedByHover` */
export function describePath(graph: MachineGraph, path: MachinePath): string {
  const [first, ...rest] = path.steps;
  if (!first) return describeState(graph, path.state);
  return [describeState(graph, first.state)]
    .concat(rest.flatMap((step) => [describeEvent(step.event), describeState(graph, step.state)]))
    .join(' → ');
}

export interface Coverage {
  /** Every state node, by name. */
  states: string[];
  /** Every transition the machine defines, named by `describeTransition`. */
  transitions: string[];
  reachedStates: Set<string>;
  takenTransitions: Set<string>;
}

/**
 * Follows each path on the real machine, its invoked actors replaced by actors that never settle (the path's
 * synthetic events stand for their outcomes) and its declared actions by no-ops (they throw until provided), and
 * records what it reaches and takes. A transition that leads
 * back to a state already on a path (a loop) cannot be a step of a simple path, so the end state of every
 * shortest path is also tried with each event it handles.
 */
/** `assign`, `raise` and the other action creators of XState make functions typed `xstate.<name>`. */
const isBuiltInAction = (action: unknown): boolean =>
  typeof action === 'function' && String((action as { type?: unknown }).type).startsWith('xstate.');

export function coverageOf(graph: MachineGraph, startPaths: StartPaths[]): Coverage {
  const idleActors = Object.fromEntries(
    Object.keys(graph.machine.implementations.actors).map((src) => [src, fromCallback(() => {})]),
  );
  // Side effects do nothing; built-in actions (a named `assign`) change the machine itself and stay.
  const idleActions = Object.fromEntries(
    Object.entries(graph.machine.implementations.actions)
      .filter(([, action]) => !isBuiltInAction(action))
      .map(([name]) => [name, () => {}]),
  );
  const machine = graph.machine.provide({ actors: idleActors, actions: idleActions });
  const nodes = stateNodesOf(machine);
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const reach = (snapshot: AnyMachineSnapshot) => {
    for (const node of nodes)
      if (snapshot.matches(pathToStateValue(node.path))) reachedStates.add(stateName(node));
  };
  const follow = (input: unknown, events: AnyEventObject[]) => {
    const actor = createActor(machine, {
      input,
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.microstep') return;
        reach(inspection.snapshot as AnyMachineSnapshot);
        for (const transition of inspection._transitions) {
          takenTransitions.add(describeTransition(transition));
          // A state left by an eventless transition at once is never at rest in a snapshot.
          reachedStates.add(stateName(transition.source));
        }
      },
    });
    actor.start();
    reach(actor.getSnapshot());
    for (const event of events) actor.send(event);
    actor.stop();
  };
  for (const { start, shortest, simple } of startPaths) {
    for (const path of [...shortest, ...simple]) follow(start.input, eventsOf(path));
    for (const path of shortest) {
      for (const event of eventsFor(graph, path.state)) follow(start.input, [...eventsOf(path), event]);
    }
  }
  return {
    states: stateNodesOf(graph.machine).map(stateName),
    transitions: transitionsOf(graph.machine).map(describeTransition),
    reachedStates,
    takenTransitions,
  };
}
