import path from 'node:path';
import type { ChunkingContext, CodeSplittingOptions } from 'rolldown';

const tablerIcon = /[\\/]@tabler[\\/]icons-react[\\/].*[\\/](Icon\w+)\.mjs$/;
/** The pages a signed-out visitor opens; with the entry they make up the shell (scripts/bundle-budget.mjs). */
const publicPage = /[\\/]src[\\/]features[\\/](auth|privacy)[\\/][^\\/]+\.tsx?$/;
const ownSource = /[\\/](apps[\\/]web[\\/]src|packages[\\/]\w+[\\/]src)[\\/]/;
const webSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/** The first screens of a visit (see `firstScreenFiles`). */
const SIGNIN = /[\\/]src[\\/]features[\\/]auth[\\/]SigninPage\.tsx$/;
const FRAME = /[\\/]src[\\/]app[\\/]layouts[\\/]HeaderActions\.tsx$/;
const HOME = /[\\/]src[\\/]features[\\/]home[\\/]HomePage\.tsx$/;
/** The entry's lazy imports that are routes' pages. */
const routePage = /[\\/]src[\\/](features[\\/].*Page|components[\\/]resource[\\/]Resource\w+Page)\.tsx$/;
/** The entry's lazy imports of libraries (the toaster, the socket): each loads alone when first used. */
const library = /[\\/]node_modules[\\/]/;

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
 * One static import or re-export of a module's (transformed, plain ES) code: the module `spec`
 * and, per name it takes from it, the name it goes by here (`*`: all of it, or its effect only).
 */
interface Binding {
  spec: string;
  /** [name in `spec`, name here]; `*` for `import * as`, `export * from` and `import "x"`. */
  names: [string, string][] | '*';
  reexport: boolean;
}

const pairs = (list: string): [string, string][] =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name && name !== 'type')
    .map(([name, as = name]) => [name, as]);

const FROM = String.raw`\s*from\s*["']([^"']+)["']`;
const bindingPatterns: [RegExp, (m: RegExpExecArray) => Binding][] = [
  [
    new RegExp(String.raw`\bimport\s*(?:([\w$]+)\s*,\s*)?\{([^}]*)\}${FROM}`, 'g'),
    (m) => ({
      spec: m[3],
      names: [...(m[1] ? [['default', m[1]] as [string, string]] : []), ...pairs(m[2])],
      reexport: false,
    }),
  ],
  [
    new RegExp(String.raw`\bexport\s*\{([^}]*)\}${FROM}`, 'g'),
    (m) => ({ spec: m[2], names: pairs(m[1]), reexport: true }),
  ],
  [
    new RegExp(String.raw`\bimport\s+([\w$]+)${FROM}`, 'g'),
    (m) => ({ spec: m[2], names: [['default', m[1]]], reexport: false }),
  ],
  [
    new RegExp(String.raw`\bimport\s*\*\s*as\s+[\w$]+${FROM}`, 'g'),
    (m) => ({ spec: m[1], names: '*', reexport: false }),
  ],
  [
    new RegExp(
      String.raw`\bexport\s*\*\s*(?:as\s+[\w$]+\s*)?${FROM.replace(String.raw`\s*from`, 'from')}`,
      'g',
    ),
    (m) => ({ spec: m[1], names: '*', reexport: true }),
  ],
  [/\bimport\s*["']([^"']+)["']/g, (m) => ({ spec: m[1], names: '*', reexport: false })],
];

/**
 * The module graph as the bundler will keep it, walked from a page: a module's static imports,
 * and through a barrel (a package's index, `@idara/domain`: a module that only re-exports) only
 * the names asked of it — the bundler, too, leaves the rest out, and following every module a
 * barrel names would put all of `@mantine/core` or every schema on a page that uses one of them.
 */
class Graph {
  private readonly bindings = new Map<string, Binding[]>();
  private readonly barrels = new Map<string, boolean>();
  private readonly resolved = new Map<string, string | null>();

  constructor(private readonly ctx: ChunkingContext) {}

  bindingsOf(id: string): Binding[] {
    let found = this.bindings.get(id);
    if (!found) {
      const code = this.ctx.getModuleInfo(id)?.code ?? '';
      found = bindingPatterns.flatMap(([pattern, binding]) => [...code.matchAll(pattern)].map(binding));
      this.bindings.set(id, found);
    }
    return found;
  }

  isBarrel(id: string): boolean {
    let known = this.barrels.get(id);
    if (known === undefined) {
      const code = this.ctx.getModuleInfo(id)?.code;
      const rest = (code ?? 'x')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        .replace(/\b(?:import|export)\b[^;"']*?["'][^"']+["'];?/g, '')
        .replace(/\bexport\s*\{[^}]*\};?/g, '');
      known = rest.trim() === '';
      this.barrels.set(id, known);
    }
    return known;
  }

  /**
   * Whether the bundler keeps the module's imports whatever names are used: the web app's own
   * modules (its package declares no `sideEffects`, so a barrel of ours such as
   * `components/entity/index.ts` brings in every module it re-exports). The packages whose barrels
   * the app imports declare theirs (`@mantine/*`, `@tabler/icons-react`, `@idara/domain`, zod).
   */
  hasEffects(id: string): boolean {
    return webSource.test(id);
  }

  /** The module `spec` names, among `from`'s imports (none when that cannot be told). */
  resolve(from: string, spec: string): string | undefined {
    const key = `${from}\0${spec}`;
    if (!this.resolved.has(key)) {
      const ids = this.ctx.getModuleInfo(from)?.importedIds ?? [];
      const plain = (id: string) => id.replace(/\?.*$/, '').replaceAll('\\', '/');
      let found: string | undefined;
      if (spec.startsWith('.')) {
        const base = path.posix.resolve(path.posix.dirname(plain(from)), spec);
        found = ids.find((id) => {
          const p = plain(id);
          return p === base || p.startsWith(`${base}.`) || p.startsWith(`${base}/index.`);
        });
      } else {
        const inPackage = ids.filter((id) => plain(id).includes(`/node_modules/${spec}/`));
        // A workspace package (`@idara/domain` → packages/domain).
        const inWorkspace = ids.filter((id) => plain(id).includes(`/packages/${spec.split('/').pop()}/`));
        found = inPackage.length === 1 ? inPackage[0] : inWorkspace.length === 1 ? inWorkspace[0] : undefined;
      }
      this.resolved.set(key, found ?? null);
    }
    return this.resolved.get(key) ?? undefined;
  }

  /** Whether `id`, followed through barrels, exports `name`. */
  private provides(id: string, name: string, depth = 0): boolean {
    const info = this.ctx.getModuleInfo(id);
    if (!info || depth > 8) return false;
    if (info.exports.includes(name)) return true;
    if (!this.isBarrel(id)) return false;
    return this.bindingsOf(id).some((b) => {
      const target = b.reexport && b.names === '*' ? this.resolve(id, b.spec) : undefined;
      return target !== undefined && this.provides(target, name, depth + 1);
    });
  }

  /** Where a barrel's export `name` comes from: the module, and the name it has there. */
  private source(barrel: string, name: string): [string, string][] {
    const bindings = this.bindingsOf(barrel);
    const code = this.ctx.getModuleInfo(barrel)?.code ?? '';
    // `export { a as b }` of what the barrel imported.
    let local = name;
    for (const m of code.matchAll(/\bexport\s*\{([^}]*)\}(?!\s*from)/g)) {
      for (const [inner, as] of pairs(m[1])) if (as === name) local = inner;
    }
    for (const b of bindings) {
      if (b.names === '*') continue;
      for (const [there, here] of b.names) {
        if (here !== (b.reexport ? name : local)) continue;
        const target = this.resolve(barrel, b.spec);
        return target ? [[target, there]] : [];
      }
    }
    const found: [string, string][] = [];
    for (const b of bindings) {
      if (!b.reexport || b.names !== '*') continue;
      const target = this.resolve(barrel, b.spec);
      if (target && this.provides(target, name)) found.push([target, name]);
    }
    return found;
  }

  /** `start` and every module it needs statically, short of the modules `outside` says belong elsewhere. */
  closure(start: string, outside: (id: string) => boolean): Set<string> {
    const seen = new Set<string>();
    const asked = new Map<string, Set<string>>();
    const visit = (id: string, names: string[] | '*') => {
      if (names !== '*' && this.isBarrel(id) && !this.hasEffects(id)) {
        const before = asked.get(id) ?? new Set<string>();
        asked.set(id, before);
        for (const name of names) {
          if (before.has(name)) continue;
          before.add(name);
          for (const [target, there] of this.source(id, name)) visit(target, [there]);
        }
        // Not what it imports for its effect (`import "./schemas/error-map"`): the bundler runs that
        // with the barrel's other importers (the entry's), not with each page taking a name.
        return;
      }
      if (seen.has(id) || outside(id)) return;
      seen.add(id);
      const followed = new Set<string>();
      for (const b of this.bindingsOf(id)) {
        const target = this.resolve(id, b.spec);
        if (!target) continue;
        followed.add(target);
        visit(target, b.names === '*' ? '*' : b.names.map(([there]) => there));
      }
      // Imports the code does not spell as above (CommonJS): all of each.
      for (const next of this.ctx.getModuleInfo(id)?.importedIds ?? [])
        if (!followed.has(next)) visit(next, '*');
    };
    visit(start, '*');
    return seen;
  }
}

/**
 * Which first-screen file each module goes to (issue 41 item 7). Left to itself the bundler puts
 * each set of modules that the same pages share in a file of its own: the sign-in page came as 19
 * files, home as 25 and the header's menus as 24, most of them Mantine components of 1–3 KB. Over
 * HTTP/1.1 a browser fetches six files from a server at a time, and on a phone's link each costs
 * a round trip (562.5 ms on DevTools' Slow 4G): the sign-in page waited four rounds, home and the
 * header eight after sign-in. So:
 *
 * - `signin`: what the sign-in page needs besides the entry (mostly Mantine's inputs, which other
 *   pages then take from this file);
 * - `frame`: what the signed-in frame's header actions need (every signed-in page loads them), and
 *   what home shares with any other signed-in page;
 * - `home`: what only home needs;
 * - `shared~<public pages>`: what the frame and home share with the other public pages (forgot
 *   password, privacy), so that no public page loads the frame's or home's file.
 *
 * Each screen's page module stays a file of its own (the manifest knows pages by it), and so do the
 * libraries the entry loads alone when first used (the toaster, the socket) and the icons' file.
 */
function firstScreenFiles(ctx: ChunkingContext, initial: Set<string>, icons: (id: string) => boolean) {
  const graph = new Graph(ctx);
  const lazy = new Set<string>();
  for (const id of initial)
    for (const next of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(next);
  const find = (pattern: RegExp) => {
    const found = [...lazy].find((id) => pattern.test(id));
    if (!found) throw new Error(`chunking: ${pattern} is not among the entry's lazy imports`);
    return found;
  };
  const signinPage = find(SIGNIN);
  const framePage = find(FRAME);
  const homePage = find(HOME);
  const fileOf = new Map<string, string>();
  const elsewhere = (id: string) => initial.has(id) || fileOf.has(id) || icons(id);
  const unionOf = (starts: string[], outside: (id: string) => boolean) => {
    const all = new Set<string>();
    for (const start of starts) for (const id of graph.closure(start, outside)) all.add(id);
    return all;
  };

  const libraries = unionOf(
    [...lazy].filter((id) => library.test(id)),
    (id) => initial.has(id),
  );
  for (const id of graph.closure(signinPage, (x) => elsewhere(x) || libraries.has(x))) {
    if (id !== signinPage) fileOf.set(id, 'signin');
  }
  // Which of the other public pages need each module.
  const publicNeeds = new Map<string, string[]>();
  for (const page of [...lazy].filter((id) => publicPage.test(id) && id !== signinPage).sort()) {
    const name = path.basename(page).replace(/\.tsx?$/, '');
    for (const id of graph.closure(page, elsewhere))
      publicNeeds.set(id, [...(publicNeeds.get(id) ?? []), name]);
  }
  const outside = (id: string) => elsewhere(id) || libraries.has(id);
  const frame = graph.closure(framePage, outside);
  const home = graph.closure(homePage, outside);
  const otherPages = [...lazy].filter((id) => routePage.test(id) && !publicPage.test(id) && id !== homePage);
  const shared = unionOf(otherPages, (id) => initial.has(id) || fileOf.has(id));
  const place = (id: string, own: string) => {
    // What the other public pages need too goes in a file of its own, so that none of them loads
    // the frame's or home's.
    const pages = publicNeeds.get(id);
    fileOf.set(id, pages ? ['shared', ...pages].join('~') : own);
  };
  for (const id of frame) if (id !== framePage) place(id, 'frame');
  for (const id of home) if (id !== homePage && !frame.has(id)) place(id, shared.has(id) ? 'frame' : 'home');
  return fileOf;
}

/**
 * Chunking: icons in one file instead of one file each, and each first screen in one file.
 *
 * Left to itself the bundler gave every icon that more than one page uses its own ~300-byte file;
 * home asked for 68 files, 16 of them icons, and each file costs a phone a request and a compile
 * on the main thread. The icons the entry or a public page uses stay out of that file, so the
 * sign-in page loads no more than before. The first screens: see `firstScreenFiles`.
 */
export function chunking(): CodeSplittingOptions {
  const initial = new Set<string>();
  let publicIcons: Set<string> | undefined;
  let screens: Map<string, string> | undefined;
  const iconFile = (id: string, ctx: ChunkingContext) => {
    if (initial.has(id)) return null;
    const icon = tablerIcon.exec(id)?.[1];
    if (!icon) return null;
    publicIcons ??= publicIconNames(ctx, initial);
    return publicIcons.has(icon) ? null : 'icons';
  };
  const screenOf = (id: string, ctx: ChunkingContext) => {
    screens ??= firstScreenFiles(ctx, initial, (m) => iconFile(m, ctx) !== null);
    return screens.get(id) ?? null;
  };
  return {
    groups: [
      // Records the modules the entry loads statically; captures nothing.
      {
        tags: ['$initial'],
        debugName: 'initial modules',
        name: (id) => {
          initial.add(id);
          return null;
        },
      },
      {
        test: tablerIcon,
        includeDependenciesRecursively: false,
        debugName: 'icons',
        name: iconFile,
      },
      {
        // Each screen's modules are listed whole (firstScreenFiles), not followed by the bundler.
        includeDependenciesRecursively: false,
        debugName: 'first screens',
        name: screenOf,
      },
    ],
  };
}
