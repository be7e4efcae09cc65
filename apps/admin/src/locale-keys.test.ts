import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ITALIAN_RESOURCES } from './i18n';

/**
 * Every text key the back office's code names as a literal (`t('signIn.title')`, `translate('ra.…')`) has its
 * Italian text in the back office's locale (ITALIAN_RESOURCES): a missing one would show the raw key.
 */
type Texts = { [key: string]: string | Texts };

const hasText = (texts: Texts, key: string): boolean => {
  const find = (k: string) =>
    k
      .split('.')
      .reduce<string | Texts | undefined>(
        (at, part) => (typeof at === 'object' ? at[part] : undefined),
        texts,
      );
  return typeof find(key) === 'string' || typeof find(`${key}_other`) === 'string';
};

const LITERAL = /\b(?:t|translate)\(\s*['"`]([A-Za-z0-9_.-]+)['"`]/g;

describe("the back office's texts", () => {
  it('has an Italian text for every key written in apps/admin/src', () => {
    const texts = ITALIAN_RESOURCES.it.translation as Texts;
    const used = readdirSync(import.meta.dirname)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .flatMap((f) =>
        [...readFileSync(join(import.meta.dirname, f), 'utf8').matchAll(LITERAL)].map(
          (m) => `${f}: ${m[1]!}`,
        ),
      );
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((u) => !hasText(texts, u.split(': ')[1]!))).toEqual([]);
  });
});
