/**
 * What the html adapter reads of a registry entry: its key, its name and where its specials page is (its
 * `selectors` are read apart, see selectors.ts). Written structurally rather than imported from
 * the registry, whose schema takes the adapter's selectors schema: the registry depends on the
 * adapter, never the other way round. Every `RegistryEntry` is one.
 */
export interface SpecialsPageEntry {
  key: string;
  /** The store's name: a brand of that name on its page is the store's, not a product's. */
  name?: string | undefined;
  specialsUrl?: string | undefined;
  menuUrl?: string | undefined;
}
