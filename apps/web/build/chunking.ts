import type { ChunkingContext, CodeSplittingOptions } from 'rolldown';

const tablerIcon = /[\\/]@tabler[\\/]icons-react[\\/].*[\\/](Icon\w+)\.mjs$/;
/** The pages a signed-out visitor opens; with the entry they make up the shell (scripts/bundle-budget.mjs). */
const publicPage = /[\\/]src[\\/]features[\\/](auth|privacy)[\\/][^\\/]+\.tsx?$/;
const ownSource = /[\\/](apps[\\/]web[\\/]src|packages[\\/]\w+[\\/]src)[\\/]/;

/**
 * The icon names the public pages use, read from the code of every module of ours they reach
 * through static imports. (Icons come through the package's index, which imports every icon, so
 * the module graph alone cannot say which icons a page uses.)
 */
function publicIconNames(ctx: ChunkingContext, initial: Iterable<string>): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !ownSource.test(id)) return;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const match of info?.code?.matchAll(/\bIcon[A-Z]\w*/g) ?? []) names.add(match[0]);
    for (const next of info?.importedIds ?? []) visit(next);
  };
  for (const id of initial) {
    for (const page of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      if (publicPage.test(page)) visit(page);
    }
  }
  if (seen.size === 0) throw new Error("chunking: no public page found among the entry's dynamic imports");
  return names;
}

/**
 * Icons in one file instead of one file each. Left to itself the bundler gave every icon that
 * more than one page uses its own ~300-byte file; home asked for 68 files, 16 of them icons, and
 * each file costs a phone a request and a compile on the main thread. The icons the entry or a
 * public page uses stay where they were, so the sign-in page loads no more than before.
 */
export function iconChunk(): CodeSplittingOptions {
  const initial = new Set<string>();
  let publicIcons: Set<string> | undefined;
  return {
    groups: [
      // Records the modules the entry loads statically; captures nothing.
      {
        tags: ['$initial'],
        name: (id) => {
          initial.add(id);
          return null;
        },
      },
      {
        test: tablerIcon,
        includeDependenciesRecursively: false,
        name: (id, ctx) => {
          if (initial.has(id)) return null;
          publicIcons ??= publicIconNames(ctx, initial);
          return publicIcons.has(tablerIcon.exec(id)?.[1] ?? '') ? null : 'icons';
        },
      },
    ],
  };
}
