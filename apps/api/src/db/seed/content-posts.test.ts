import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../rows';
import { ensureContentPosts } from './content-posts';

/** The footer's recipes link, written by the content every start ensures (the test image ran it once). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const footerRecipes = () =>
  queryRows<{ itemId: number; position: number }>(
    t.db,
    sql`SELECT item_id AS "itemId", position FROM content_menu_items
        WHERE location = 'footer' AND url = '/ricette' ORDER BY item_id`,
  );

describe('the footer links the recipes once', () => {
  it('a second and a third start add no second "Ricette", after the footer\'s other links', async () => {
    const [first, ...more] = await footerRecipes();
    expect(first).toBeDefined();
    expect(more).toEqual([]);
    const [footer] = await queryRows<{ last: number }>(
      t.db,
      sql`SELECT max(position) AS last FROM content_menu_items WHERE location = 'footer'`,
    );
    expect(first!.position).toBe(footer!.last);
    await ensureContentPosts(undefined, t.db);
    await ensureContentPosts(undefined, t.db);
    expect(await footerRecipes()).toEqual([first]);
  });

  it('the copies earlier starts added are removed, the first link stays where it was', async () => {
    const [first] = await footerRecipes();
    // what every start wrote before: "Ricette" again, at position 1
    await t.db.execute(
      sql`INSERT INTO content_menu_items (location, title, url, position)
          VALUES ('footer', 'Ricette', '/ricette', 1), ('footer', 'Ricette', '/ricette', 1)`,
    );
    expect(await footerRecipes()).toHaveLength(3);
    await ensureContentPosts(undefined, t.db);
    expect(await footerRecipes()).toEqual([first]);
  });
});
