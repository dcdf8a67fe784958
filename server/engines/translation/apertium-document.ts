// The one document a whole conversation goes through apertium as: an HTML paragraph per item, numbered, so that
// two runs of apertium (one per pair, through Spanish) translate every turn at once and each comes back in place.
// apertium's HTML mode passes tags through untouched and translates only the text between them.

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function toApertiumDocument(items: readonly string[]): string {
  return items
    .map((item, index) => `<p id="i${index}">${item.replace(/[&<>]/g, (char) => escapes[char] ?? char)}</p>`)
    .join('\n');
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}

/** apertium leaves doubled spaces where it dropped a word and a space after each line break. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .trim();
}

/** The `count` items of a translated document, in order; throws when one did not come back. */
export function fromApertiumDocument(document: string, count: number): string[] {
  const items = new Map<number, string>();
  for (const match of document.matchAll(/<p id="i(\d+)">([\s\S]*?)<\/p>/g)) {
    items.set(Number(match[1]), tidy(unescapeHtml(match[2] ?? '')));
  }
  return Array.from({ length: count }, (_, index) => {
    const item = items.get(index);
    if (item === undefined) throw new Error(`apertium lost item ${index} of the document`);
    return item;
  });
}
