// The width of the page content (spec §2): what is left after the menu; below 630 px all of it, above 1500 px
// 1300 px, otherwise that width minus 100 px.
export function contentWidth(viewportWidth: number, menuWidth: number): number | '100%' {
  const available = viewportWidth - menuWidth;
  if (available < 630) return '100%';
  if (available > 1500) return 1300;
  return available - 100;
}
