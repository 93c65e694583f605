/** A count badge's text: the number, capped at '99+' (docs/product.md §9). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
