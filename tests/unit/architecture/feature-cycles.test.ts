// The folders of server/ depend on each other in one direction (STYLE.md convention 13). The imports are read with
// the TypeScript compiler's parser (tests/fixtures/import-graph.ts); type-only imports count too: they create no
// cycle at run time, but they couple two features as much as a value import does.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclePath, cyclicComponents, folderEdges, type Edge } from '../../fixtures/import-graph';

const serverDir = path.resolve(import.meta.dirname, '../../../server');

/**
 * Infrastructure: what features build on. These folders (and root files) import no feature, so that any feature
 * may import them without closing a cycle; `db` importing no feature is why the demo data lives in `server/demo/`.
 */
const infrastructure = new Set([
  'config',
  'db',
  'domain',
  'engines',
  'errors',
  'live',
  'logging',
  'mail',
  'plugins',
  'project-dir',
  // PII detection and redaction: pure functions that the engines (what goes to a provider) and features use.
  'redaction',
  'startup-phases',
  'storage',
]);

/**
 * Who may import `jobs/` (the queue, the worker, the handlers and the pipeline that orders them): the app that
 * starts the worker and the demo data that queues its conversations. Features receive the pipeline through
 * `AppContext.pipeline` instead.
 */
const reachingJobs = new Set(['app', 'demo']);

/**
 * Edges left out of the cycle check, each with its reason. Every one closes a cycle between a parent resource and
 * a child that finds its parent for the access check; each is to go, not to grow.
 */
const allowed: Record<string, string> = {
  'campaigns→evaluation-grids':
    "duplicating a campaign copies its grid (campaigns/service.ts), while a grid's routes find its campaign",
  'evaluation-grids→alerts':
    'publishing a grid version turns off the alerts it leaves behind in the same transaction, while alerts check ' +
    "what they watch against the campaign's current grid",
  'conversations→evaluations':
    "a conversation's API shape embeds its evaluation (conversations/present.ts), while an evaluation's routes " +
    "find its conversation with the reader's access",
};

const edges = folderEdges(serverDir);
const key = ({ from, to }: Pick<Edge, 'from' | 'to'>) => `${from}→${to}`;

describe('the imports between the folders of server/', () => {
  it('make no cycle', () => {
    const checked = edges.filter((edge) => !(key(edge) in allowed));
    const cycles = cyclicComponents(checked).map((component) =>
      [`cycle through ${component.join(', ')}:`, ...cyclePath(checked, component)].join('\n  '),
    );
    expect(cycles, cycles.join('\n')).toEqual([]);
  });

  it('allow only edges that exist', () => {
    const present = new Set(edges.map(key));
    expect(Object.keys(allowed).filter((allowedEdge) => !present.has(allowedEdge))).toEqual([]);
  });

  it('leave infrastructure free of features', () => {
    const upward = edges
      .filter((edge) => infrastructure.has(edge.from) && !infrastructure.has(edge.to))
      .map((edge) => `${key(edge)} (${edge.example})`);
    expect(upward).toEqual([]);
  });

  it('reach jobs/ only from the app and the demo data', () => {
    const reaching = edges
      .filter((edge) => edge.to === 'jobs' && !reachingJobs.has(edge.from))
      .map((edge) => `${key(edge)} (${edge.example})`);
    expect(reaching).toEqual([]);
  });
});
