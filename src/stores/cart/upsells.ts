/**
 * Which upsells the cart page offers: those for the species in the cart (cat treats for a cart of cat
 * food, dog treats for dog food, both in turn for a mixed cart or an empty one), never one already in the
 * cart, in the order given (best sellers first).
 */
export type Species = 'dog' | 'cat';

export function upsellsFor<U extends { variantCode: string; animal: Species }>(
  upsells: readonly U[],
  cart: { items: ReadonlyArray<{ variantCode: string; animal: Species | null }> } | null,
  count: number,
): U[] {
  const inCart = new Set(cart?.items.map((item) => item.variantCode) ?? []);
  const species = new Set(cart?.items.flatMap((item) => (item.animal ? [item.animal] : [])) ?? []);
  const wanted = species.size === 0 ? new Set<Species>(['dog', 'cat']) : species;
  const offered = upsells.filter((u) => wanted.has(u.animal) && !inCart.has(u.variantCode));
  if (wanted.size === 1) return offered.slice(0, count);
  // Both species: taken in turn from each list, so neither is crowded out.
  const bySpecies = [...wanted].map((animal) => offered.filter((u) => u.animal === animal));
  const chosen: U[] = [];
  for (let rank = 0; chosen.length < count && bySpecies.some((list) => rank < list.length); rank++)
    for (const list of bySpecies) if (rank < list.length && chosen.length < count) chosen.push(list[rank]!);
  return chosen;
}
