import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text key written as a literal in the shop's code (`t('a.b')`, `t("a.b")`, `` t(`a.b`) ``,
 * `i18nKey="a.b"`) has its Italian text in one of the locale files (it.json and the features' it.*.json
 * bundles): a missing one would show the raw key to the customer. Keys built at run time are checked by the
 * component tests (test/setup.ts fails a test whose page asks for a key without a text).
 */
const SRC = join(import.meta.dirname, '..');
const LOCALES = import.meta.dirname;

type Texts = { [key: string]: string | Texts };

function merged(): Texts {
  const all: Texts = {};
  const merge = (into: Texts, from: Texts) => {
    for (const [k, v] of Object.entries(from)) {
      const here = into[k];
      if (typeof v === 'object' && typeof here === 'object') merge(here, v);
      else into[k] = typeof v === 'object' ? merge({}, v) : v;
    }
    return into;
  };
  for (const file of readdirSync(LOCALES).filter((f) => /^it(\.[a-z-]+)?\.json$/.test(f)))
    merge(all, JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Texts);
  return all;
}

function lookup(texts: Texts, key: string): string | Texts | undefined {
  let at: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof at !== 'object') return undefined;
    at = at[part];
  }
  return at;
}

/** a text of its own, or the plural forms i18next picks by `count` */
export function hasText(texts: Texts, key: string): boolean {
  if (typeof lookup(texts, key) === 'string') return true;
  return typeof lookup(texts, `${key}_other`) === 'string';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

const LITERAL_KEYS = [
  /\bt\(\s*'([A-Za-z0-9_.-]+)'/g,
  /\bt\(\s*"([A-Za-z0-9_.-]+)"/g,
  /\bt\(\s*`([A-Za-z0-9_.-]+)`/g,
  /\bi18nKey=["']([A-Za-z0-9_.-]+)["']/g,
];

export function literalKeys(code: string): string[] {
  return LITERAL_KEYS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!));
}

describe('the texts the code names', () => {
  it('finds the keys written as literals', () => {
    expect(
      literalKeys('t(\'a.b\'); t("c.d", { n }); t(`e.f`); <Trans i18nKey="g.h" />; t(`x.${y}`)'),
    ).toEqual(['a.b', 'c.d', 'e.f', 'g.h']);
  });

  it('counts plural forms as a text', () => {
    const texts: Texts = { a: { one_one: '1 cosa', one_other: '{{count}} cose', two: 'due' } };
    expect(hasText(texts, 'a.one')).toBe(true);
    expect(hasText(texts, 'a.two')).toBe(true);
    expect(hasText(texts, 'a')).toBe(false);
    expect(hasText(texts, 'a.three')).toBe(false);
  });

  it('has an Italian text for every key written in apps/web/src', () => {
    const texts = merged();
    const used = sourceFiles(SRC).flatMap((file) =>
      literalKeys(readFileSync(file, 'utf8')).map((key) => ({ file: relative(SRC, file), key })),
    );
    expect(used.length).toBeGreaterThan(1000);
    expect(used.filter(({ key }) => !hasText(texts, key)).map(({ file, key }) => `${file}: ${key}`)).toEqual(
      [],
    );
  });
});
