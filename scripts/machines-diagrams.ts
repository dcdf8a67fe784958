// `npm run machines:diagrams`: writes docs/machines/<flow>.md for every machine: its description, a Mermaid state
// diagram generated from the definition, and tables of its states and transitions.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import prettier from 'prettier';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { findFlows, type Flow } from './machines/flows';
import {
  actionLabel,
  eventLabel,
  guardLabel,
  ownTransitionsOf,
  schedulesDelay,
  stateName,
  stateNodesOf,
  transitionsOf,
} from './machines/machine-definition';

const outputDir = path.resolve(import.meta.dirname, '../docs/machines');

/** Mermaid ids are global to a diagram and allow no dots: `notifications_Available_Panel_Open`. */
const diagramId = (node: AnyStateNode): string => [node.machine.id, ...node.path].join('_');

/** Stands for "whichever child is active" when a transition is defined on a parent and targets inside it. */
const anyChildId = (node: AnyStateNode): string => `${diagramId(node)}__any`;

const isInside = (node: AnyStateNode, ancestor: AnyStateNode): boolean =>
  node === ancestor || (node.parent !== undefined && isInside(node.parent, ancestor));

const hasChildren = (node: AnyStateNode): boolean => Object.keys(node.states).length > 0;

const transitionLabel = (transition: AnyTransitionDefinition): string => {
  const guard = guardLabel(transition.guard);
  return `${eventLabel(transition.eventType)}${guard ? ` [${guard}]` : ''}`;
};

/**
 * Where a transition is drawn: inside the block of the parent its ends share, so that Mermaid keeps every state
 * in the block that declares it. A transition defined on a parent (the machine included) and targeting inside it
 * starts from the parent's "any state" node; one without a target loops on its source. Only a parallel state
 * gets an edge to or from its own block, which Mermaid draws badly, but cannot draw inside a concurrent region.
 */
interface Edge {
  block: AnyStateNode | undefined;
  from: string;
  to: string;
  label: string;
}

function edgesOf(transition: AnyTransitionDefinition): Edge[] {
  const { source } = transition;
  const label = transitionLabel(transition);
  return (transition.target ?? [source]).map((target) => {
    const fromAnyChild =
      source.parent === undefined || (source.type === 'compound' && isInside(target, source));
    if (fromAnyChild) {
      const to = target === source ? anyChildId(source) : diagramId(target);
      return { block: source, from: anyChildId(source), to, label };
    }
    const sameBlock = target === source || target.parent === source.parent;
    return {
      block: sameBlock ? source.parent : undefined,
      from: diagramId(source),
      to: diagramId(target),
      label,
    };
  });
}

function renderBlock(parent: AnyStateNode, edges: Edge[], indent: string): string[] {
  const children = Object.values(parent.states);
  const lines: string[] = [];
  if (parent.type !== 'parallel') {
    for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${diagramId(target)}`);
  }
  children.forEach((child, index) => {
    if (parent.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    if (hasChildren(child)) {
      lines.push(`${indent}state "${child.key}" as ${diagramId(child)} {`);
      lines.push(...renderBlock(child, edges, `${indent}  `));
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${diagramId(child)}`);
    }
    if (child.type === 'final') lines.push(`${indent}${diagramId(child)} --> [*]`);
  });
  const own = edges.filter((edge) => edge.block === parent);
  if (own.some((edge) => edge.from === anyChildId(parent))) {
    const name = parent.parent ? `any ${parent.key} state` : 'any state';
    lines.push(`${indent}state "${name}" as ${anyChildId(parent)}`);
  }
  for (const edge of own) lines.push(`${indent}${edge.from} --> ${edge.to} : ${edge.label}`);
  return lines;
}

function renderDiagram(machine: AnyStateMachine): string {
  const edges = transitionsOf(machine).flatMap(edgesOf);
  const root = machine.root;
  const lines = ['stateDiagram-v2', ...renderBlock(root, edges, '  ')];
  for (const edge of edges.filter((candidate) => candidate.block === undefined)) {
    lines.push(`  ${edge.from} --> ${edge.to} : ${edge.label}`);
  }
  return lines.join('\n');
}

const cell = (text: string | undefined): string =>
  (text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.map(cell).join(' | ')} |`)
    .join('\n');
}

function kindOf(node: AnyStateNode): string {
  const isInitial = node.parent?.initial?.target?.includes(node) ?? false;
  return `${node.type}${isInitial ? ', initial' : ''}`;
}

function renderStates(machine: AnyStateMachine): string {
  const { root } = machine;
  // The machine itself is listed only when it does something in every state: invokes, entry actions or tags.
  const rootDoesSomething = root.invoke.length > 0 || root.entry.length > 0 || root.tags.length > 0;
  return table(
    ['State', 'Kind', 'Description', 'Tags', 'Invokes', 'On entry'],
    [...(rootDoesSomething ? [root] : []), ...stateNodesOf(machine)].map((node) => [
      node === root ? '(whole machine)' : stateName(node),
      node === root ? 'machine' : kindOf(node),
      node === root ? 'Runs in every state.' : (node.description ?? ''),
      node.tags.join(', '),
      node.invoke.map((invoke) => invoke.id).join(', '),
      node.entry
        .filter((action) => !schedulesDelay(action))
        .map(actionLabel)
        .join(', '),
    ]),
  );
}

function renderTransitions(machine: AnyStateMachine): string {
  return table(
    ['From', 'Event', 'Guard', 'To', 'Actions', 'Description'],
    [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
      ownTransitionsOf(node).map((transition) => [
        node === machine.root ? '(any state)' : stateName(node),
        eventLabel(transition.eventType),
        guardLabel(transition.guard) ?? '',
        transition.target?.map(stateName).join(', ') ?? '(stays)',
        transition.actions.map(actionLabel).join(', '),
        transition.description ?? '',
      ]),
    ),
  );
}

function renderPage(flow: string, machine: AnyStateMachine): string {
  return [
    `# ${machine.id}`,
    machine.root.description ?? '',
    `Generated from \`src/machines/${flow}/machine.ts\` by \`npm run machines:diagrams\`; do not edit by hand.`,
    ['```mermaid', renderDiagram(machine), '```'].join('\n'),
    '## States',
    renderStates(machine),
    '## Transitions',
    'Guarded transitions for one event are tried in the order listed; the first whose guard passes is taken.',
    renderTransitions(machine),
  ].join('\n\n');
}

function renderIndex(flows: Flow[]): string {
  return [
    '# Machines',
    'The browser flows, one XState machine each. Generated by `npm run machines:diagrams`; do not edit by hand.',
    flows
      .map(({ flow, machine }) => `- [${machine.id}](${flow}.md): ${machine.root.description ?? ''}`)
      .join('\n'),
  ].join('\n\n');
}

async function write(file: string, markdown: string): Promise<void> {
  const options = await prettier.resolveConfig(file);
  await writeFile(file, await prettier.format(markdown, { ...options, filepath: file }));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const flows = await findFlows();
await mkdir(outputDir, { recursive: true });
for (const { flow, machine } of flows)
  await write(path.join(outputDir, `${flow}.md`), renderPage(flow, machine));
await write(path.join(outputDir, 'README.md'), renderIndex(flows));
