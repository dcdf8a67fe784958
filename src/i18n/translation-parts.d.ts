// The two parts of a translation file, cut at build time (scripts/translation-parts.ts, decision 0200).
declare module '*.json?first-route' {
  const translations: Record<string, unknown>;
  export default translations;
}

declare module '*.json?rest' {
  const translations: Record<string, unknown>;
  export default translations;
}
