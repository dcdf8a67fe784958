// What decoded input the API can store: no text PostgreSQL refuses (NUL, lone UTF-16 surrogates) and no nesting
// deeper than any request of the API needs. Shared by the server's check of every request and the schemas that
// decode JSON themselves (the conversation list's `filters` parameter).

/**
 * How deep a decoded value may nest. The deepest request of the API is a published evaluation grid (body → sections
 * → section → items → item → rules → list → text, 8 levels); 64 leaves room for any free-form JSON a route keeps
 * (custom analysis rules) while a body of a megabyte can otherwise nest half a million levels, which any recursive
 * reader (validation, serialisation, a JSON column) would pay for or overflow on.
 */
export const maxInputDepth = 64;

export const nulCharacterDetail = 'Text must not contain the NUL character (U+0000)';
export const loneSurrogateDetail = 'Text must not contain a lone surrogate (U+D800 to U+DFFF)';
export const tooDeepDetail = `Input must not nest more than ${maxInputDepth} levels deep`;

// With the u flag a surrogate pair reads as one code point, so this matches only a surrogate without its pair.
const loneSurrogate = /[\uD800-\uDFFF]/u;

/** Why a piece of text cannot be stored, or undefined when it can. */
export function unstorableTextDetail(text: string): string | undefined {
  if (text.includes('\u0000')) return nulCharacterDetail;
  if (loneSurrogate.test(text)) return loneSurrogateDetail;
  return undefined;
}

/**
 * Why a decoded value (string, array or plain object, keys included) cannot be stored, or undefined when it can.
 * Walks with its own stack, not by recursion, so no input can overflow the call stack.
 */
export function unstorableInputDetail(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, depth } = next;
    if (typeof current === 'string') {
      const detail = unstorableTextDetail(current);
      if (detail) return detail;
    } else if (isContainer(current)) {
      if (depth >= maxInputDepth) return tooDeepDetail;
      for (const [key, entry] of Object.entries(current)) {
        const detail = Array.isArray(current) ? undefined : unstorableTextDetail(key);
        if (detail) return detail;
        pending.push({ value: entry, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** Arrays and plain objects; a file's bytes (a Buffer, a typed array) hold no text. */
function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);
}
