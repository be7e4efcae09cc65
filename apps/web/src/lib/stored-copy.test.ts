import { describe, expect, it } from 'vitest';
import { isShareable, isStoredCopy, storedCopyBody } from './stored-copy';

describe('stored copies of API answers (decision 055)', () => {
  it('keep a successful envelope without its root user', () => {
    const body = storedCopyBody(
      JSON.stringify({
        response: { status: 0, errors: [] },
        user: { userId: 12, login: 'giulia@example.com', firstName: 'Giulia' },
        data: { leaflets: [1] },
      }),
    );
    expect(JSON.parse(body ?? 'null')).toEqual({
      response: { status: 0, errors: [] },
      data: { leaflets: [1] },
    });
    expect(body).not.toContain('Giulia');
  });

  it('keep no failure and nothing that is not an envelope', () => {
    expect(storedCopyBody(JSON.stringify({ response: { status: 1 }, data: null }))).toBeNull();
    expect(storedCopyBody('<html>Bad gateway</html>')).toBeNull();
    expect(storedCopyBody('[1,2]')).toBeNull();
  });

  it("keep the content system's WordPress answers as they are, only under its routes", () => {
    const pages = JSON.stringify([{ id: 3, slug: 'chi-siamo', title: { rendered: 'Chi siamo' } }]);
    expect(storedCopyBody(pages, true)).toBe(pages);
    expect(storedCopyBody(JSON.stringify({ ID: 1, items: [] }), true)).not.toBeNull();
    expect(storedCopyBody(JSON.stringify({ response: { status: 1 }, data: null }), true)).toBeNull();
    expect(storedCopyBody('<html>Bad gateway</html>', true)).toBeNull();
    expect(storedCopyBody(pages)).toBeNull();
  });

  it('a shared cache keeps no answer the server marks private or no-store', () => {
    expect(isShareable(new Headers())).toBe(true);
    expect(isShareable(new Headers({ 'cache-control': 'no-cache' }))).toBe(true);
    expect(isShareable(new Headers({ 'cache-control': 'private' }))).toBe(false);
    expect(isShareable(new Headers({ 'cache-control': 'Private, max-age=0' }))).toBe(false);
    expect(isShareable(new Headers({ 'cache-control': 'no-store' }))).toBe(false);
  });

  it('a stored copy is known by its stamp', () => {
    expect(isStoredCopy(new Headers({ 'x-spesa-stored-at': '2026-11-29T08:00:00.000Z' }))).toBe(true);
    expect(isStoredCopy(new Headers())).toBe(false);
  });
});
