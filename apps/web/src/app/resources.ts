import type { Resource } from './resource';

/**
 * Every resource: each `features/<name>/<name>-resource.ts` file's `defineResource`, found by name
 * (a new one needs no line here), in the sidebar's order (`nav.order`, then the list title).
 */
const files = import.meta.glob<Record<string, Resource>>('../features/*/*-resource.ts', { eager: true });

// One collator for the whole sort: `localeCompare(b, 'ar')` builds one per comparison.
const arabic = new Intl.Collator('ar');

export const resources: Resource[] = Object.values(files)
  .flatMap((exports) => Object.values(exports))
  .sort(
    (a, b) =>
      (a.nav.order ?? Number.POSITIVE_INFINITY) - (b.nav.order ?? Number.POSITIVE_INFINITY) ||
      arabic.compare(a.titles.list, b.titles.list),
  );
