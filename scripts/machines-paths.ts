// `npm run machines:paths [flow…]`: prints each machine's shortest and simple paths, one readable line each,
// for QA to turn into tests.
import { machineGraphs } from '../tests/machines/support/machine-graphs';
import { describePath, pathsOf } from '../tests/machines/support/machine-traversal';

const wanted = process.argv.slice(2);
const graphs = wanted.length ? machineGraphs.filter((graph) => wanted.includes(graph.flow)) : machineGraphs;
const unknown = wanted.filter((flow) => !machineGraphs.some((graph) => graph.flow === flow));
if (unknown.length) {
  console.error(
    `Unknown flow: ${unknown.join(', ')}. Flows: ${machineGraphs.map((graph) => graph.flow).join(', ')}`,
  );
  process.exit(1);
}

const totals: string[] = [];
for (const graph of graphs) {
  console.log(`\n# ${graph.flow}: ${graph.machine.root.description ?? ''}`);
  let shortestCount = 0;
  let simpleCount = 0;
  for (const { start, shortest, simple } of pathsOf(graph)) {
    console.log(
      `\n## Start "${start.name}"${start.input === undefined ? '' : `, input ${JSON.stringify(start.input)}`}`,
    );
    console.log(`\nShortest paths (${shortest.length}), one to each state:`);
    for (const path of shortest) console.log(`  ${describePath(graph, path)}`);
    console.log(`\nSimple paths (${simple.length}), every way to each state without visiting a state twice:`);
    for (const path of simple) console.log(`  ${describePath(graph, path)}`);
    shortestCount += shortest.length;
    simpleCount += simple.length;
  }
  totals.push(`  ${graph.flow}: ${shortestCount} shortest, ${simpleCount} simple`);
}
console.log(`\n# Counts (all starts)\n${totals.join('\n')}`);
