// Measures the PII detectors (server/redaction/) on the labelled sentences of bench/redaction/labelled-set.txt:
// precision and recall per type and language. A find counts when it overlaps an expected span of its type.
// Goals (issue 23): recall ≥ 0.98 for cards, IBANs and emails, ≥ 0.95 for phones; precision ≥ 0.95. Asserts
// nothing. Run: npx tsx bench/redaction.ts [--misses]
import { loadavg } from 'node:os';
import { detectPii } from '../server/redaction/detect';
import { piiTypes, type PiiSpan, type PiiType } from '../server/redaction/pii';
import { readLabelledSet } from './redaction/labelled-set';

const recallGoals: Record<PiiType, number> = { card: 0.98, iban: 0.98, email: 0.98, phone: 0.95, nir: 0.95 };
const precisionGoal = 0.95;
const showMisses = process.argv.includes('--misses');

const overlaps = (a: PiiSpan, b: PiiSpan) => a.type === b.type && a.start < b.end && b.start < a.end;

interface Counts {
  expected: number;
  found: number;
  foundRight: number;
  expectedFound: number;
}

const counts = new Map<string, Counts>();
const countsOf = (key: string) => {
  let entry = counts.get(key);
  if (!entry) {
    entry = { expected: 0, found: 0, foundRight: 0, expectedFound: 0 };
    counts.set(key, entry);
  }
  return entry;
};

const sentences = readLabelledSet();
const started = performance.now();
for (const { language, text, expected } of sentences) {
  const found = detectPii(text);
  for (const span of expected) {
    const entry = countsOf(`${language} ${span.type}`);
    entry.expected += 1;
    if (found.some((other) => overlaps(other, span))) entry.expectedFound += 1;
    else if (showMisses) console.log(`missed ${span.type}: ${text.slice(span.start, span.end)} | ${text}`);
  }
  for (const span of found) {
    const entry = countsOf(`${language} ${span.type}`);
    entry.found += 1;
    if (expected.some((other) => overlaps(other, span))) entry.foundRight += 1;
    else if (showMisses) console.log(`wrong ${span.type}: ${text.slice(span.start, span.end)} | ${text}`);
  }
}
const elapsedMs = performance.now() - started;

const ratio = (part: number, whole: number) => (whole === 0 ? '—' : (part / whole).toFixed(3));
console.log(
  `${sentences.length} sentences (${sentences.filter((s) => s.language === 'en').length} en, ` +
    `${sentences.filter((s) => s.language === 'fr').length} fr), ${sentences.filter((s) => s.expected.length === 0).length} without personal data`,
);
console.log('| language | type | expected | found | precision | recall | goals met |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
for (const language of ['en', 'fr']) {
  for (const type of piiTypes) {
    const entry = counts.get(`${language} ${type}`);
    if (!entry) continue;
    const precision = entry.found === 0 ? 1 : entry.foundRight / entry.found;
    const recall = entry.expected === 0 ? 1 : entry.expectedFound / entry.expected;
    const met = precision >= precisionGoal && recall >= recallGoals[type];
    console.log(
      `| ${language} | ${type} | ${entry.expected} | ${entry.found} | ${ratio(entry.foundRight, entry.found)} | ` +
        `${ratio(entry.expectedFound, entry.expected)} | ${met ? 'yes' : 'no'} |`,
    );
  }
}
console.log(
  `${(elapsedMs / sentences.length).toFixed(2)} ms a sentence; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
