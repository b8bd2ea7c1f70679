import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web client is typed by the contract (lib/api.ts, lib/api-routes.ts): these checks keep the
 * casts and the hand-written answer shapes it replaced from coming back. The types themselves are
 * checked by `npm run typecheck` (api-routes.test.ts).
 */
const src = path.resolve(import.meta.dirname, '..');

/** Generic screens whose resource path is data, not a route chosen when compiling (lib/api.ts `apiUntyped`). */
const generic = [
  'components/data-table/',
  'components/entity/',
  'components/resource/',
  'components/export/',
];
const isGeneric = (file: string) => generic.some((dir) => file.startsWith(dir)) || file === 'lib/api.ts';

function sources(dir = src): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources().map((full) => ({
  file: path.relative(src, full).split(path.sep).join('/'),
  text: fs.readFileSync(full, 'utf8'),
}));

/** `file:line` of each line matching `pattern`. */
function where(pattern: RegExp, only: (file: string) => boolean = () => true): string[] {
  return files
    .filter(({ file }) => only(file))
    .flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

/** Interfaces and type literals with an `_id` property: a record the API answers, written again. */
const declaration =
  /^(?:export )?(?:interface \w+(?:<[^>]*>)?(?: extends [^{]+)? \{|type \w+(?:<[^>]*>)? = \{)[^}]*?\b_id\??:/gm;
const handWritten = (text: string) => [...text.matchAll(declaration)].map((m) => m[0].split('\n')[0]);

describe('the web client is typed by the contract', () => {
  it('reads the answer type from the path: no `api<T>` anywhere', () => {
    expect(files.length).toBeGreaterThan(100);
    // (its own declaration aside)
    expect(where(/(?<!function )\bapi</)).toEqual([]);
  });

  it('calls `apiUntyped` only from the generic screens', () => {
    expect(where(/\bapiUntyped\b/, (file) => !isGeneric(file))).toEqual([]);
  });

  it('declares no record shape by hand outside them (take the domain type, or a Pick of it)', () => {
    const declarations = files
      .filter(({ file }) => !isGeneric(file))
      .flatMap(({ file, text }) => handWritten(text).map((line) => `${file}: ${line}`));
    expect(declarations).toEqual([]);
  });

  it('the checks above see what they look for', () => {
    expect(handWritten('interface FormTemplateOption {\n  _id: string;\n  title: string;\n}')).toHaveLength(
      1,
    );
    expect(
      handWritten('export interface X extends ListResponse<Row> {\n  totals?: T;\n  _id: string }'),
    ).toHaveLength(1);
    expect(handWritten('type Row = { _id: string; name: string } & Record<string, unknown>;')).toHaveLength(
      1,
    );
    expect(handWritten("type Row = Pick<OrderRow, '_id' | 'number'>;")).toEqual([]);
    expect(where(/\bapiUntyped</, isGeneric).length).toBeGreaterThan(3);
    expect(where(/\bapi\(/).length).toBeGreaterThan(60);
  });
});
