// Reads a machine's definition: its state nodes and transitions, with readable labels for events, guards and
// actions, so that diagrams, path listings and coverage tests name them the same way.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, UnknownAction } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** Every state node below the root, in document order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

/** The transitions a state node defines itself: `on`, `after`, invoke `onDone`/`onError`, then `always`. */
export function ownTransitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** Every transition the machine defines, the root's included. */
export function transitionsOf(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap(ownTransitionsOf);
}

/** A state node's path in the machine, `Available.Panel.Open`. */
export const stateName = (node: AnyStateNode): string => node.path.join('.') || node.machine.id;

/** `menu.pointerEnter`; `after hoverExpandDelay`; `loadToken done`; `loadToken error`; `always`. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delayed) return `after ${delayed[1]}`;
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (settled) return `${settled[2]} ${settled[1]}`;
  return eventType;
}

interface GuardFunction {
  (...args: never[]): unknown;
  check?: { name: string };
  guards?: unknown[];
  stateValue?: unknown;
}

/** The guard's name; `not`, `and`, `or` and `stateIn` are spelled out. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const { check, guards = [], stateValue, name } = guard as GuardFunction;
    const inner = guards.map((child) => guardLabel(child) ?? '?');
    switch (check?.name) {
      case 'checkNot':
        return `not ${inner.join('')}`;
      case 'checkAnd':
        return inner.join(' and ');
      case 'checkOr':
        return inner.join(' or ');
      case 'checkStateIn':
        return `in ${JSON.stringify(stateValue)}`;
      default:
        return name || 'inline guard';
    }
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'inline guard';
}

interface BuiltInAction {
  type?: string;
  assignment?: unknown;
  event?: unknown;
}

/** The action's name; built-in `assign` and `raise` say what they assign or raise. */
export function actionLabel(action: UnknownAction): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const { type, assignment, event } = action as BuiltInAction;
    if (type === 'xstate.assign') {
      return typeof assignment === 'object' && assignment !== null
        ? `assign ${Object.keys(assignment).join(', ')}`
        : 'assign';
    }
    if (type === 'xstate.raise') {
      return typeof event === 'object' && event !== null && 'type' in event
        ? `raise ${String(event.type)}`
        : 'raise';
    }
    return type?.replace(/^xstate\./, '') ?? (action.name || 'inline action');
  }
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  return 'inline action';
}

/** The delayed raise that XState adds to the entry of a state with `after` transitions. */
export function schedulesDelay(action: UnknownAction): boolean {
  if (typeof action !== 'function') return false;
  const { type, event } = action as BuiltInAction;
  return (
    type === 'xstate.raise' &&
    typeof event === 'object' &&
    event !== null &&
    'type' in event &&
    String(event.type).startsWith('xstate.after.')
  );
}

/** The transitions of the same source for the same event: guarded branches, tried in order. */
const branchesOf = (transition: AnyTransitionDefinition): AnyTransitionDefinition[] =>
  transition.eventType === ''
    ? (transition.source.always ?? [])
    : (transition.source.transitions.get(transition.eventType) ?? []);

/**
 * Names a transition uniquely and the same way in a machine and in a copy made by `machine.provide(...)`:
 * `SignedIn: token.rejected [isStaleToken] → (stays)`.
 */
export function describeTransition(transition: AnyTransitionDefinition): string {
  const guard = guardLabel(transition.guard);
  const targets = transition.target?.map(stateName).join(', ') ?? '(stays)';
  const branches = branchesOf(transition);
  const branch = branches.length > 1 ? ` #${branches.indexOf(transition) + 1}` : '';
  return `${stateName(transition.source)}: ${eventLabel(transition.eventType)}${branch}${guard ? ` [${guard}]` : ''} → ${targets}`;
}
