import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raItalian } from './italian-messages';

/** Every path of a nested message object, `ra.action.save`. */
function paths(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? paths(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe("react-admin's texts in Italian", () => {
  it('has an Italian text for every text react-admin has in English, and no key it does not know', () => {
    const english = paths(englishMessages).sort();
    const italian = paths(raItalian).sort();
    expect(english.filter((k) => !italian.includes(k))).toEqual([]);
    expect(italian.filter((k) => !english.includes(k))).toEqual([]);
  });

  it('keeps the placeholders of each text', () => {
    const byPath = (messages: object, path: string) =>
      path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], messages) as string;
    for (const path of paths(englishMessages)) {
      const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(byPath(raItalian, path)), path).toEqual(
        placeholders(byPath(englishMessages, path)),
      );
    }
  });
});
