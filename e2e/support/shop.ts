import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

/** A price as the shop prints it with Intl it-IT: "1,99 €" (the space is a no-break space). */
export const PRICE = /\d+,\d{2}\s€/;

/** Waits for the page's main heading (the route has rendered its data), then scans it with axe. */
export async function settleAndScan(page: Page, label: string): Promise<void> {
  // the journeys' first page can meet a server still warming its listings while the other worker's journey runs
  await expect(page.getByRole('main')).toBeVisible({ timeout: 30_000 });
  // Some pages (home) keep their h1 visually hidden: attached is enough.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0); // skeletons of data still loading
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, label);
}

interface CategoryNode {
  categoryId: number;
  name: string;
  slug: string;
  categories?: CategoryNode[];
}

/** GET /ebsn/api<path>: checks HTTP and the envelope's status, answers its data. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/ebsn/api${path}`);
  expect(res.ok(), `GET /ebsn/api${path} answered HTTP ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as { response: { status: number }; data: T };
  expect(body.response.status, `GET /ebsn/api${path} envelope status`).toBe(0);
  return body.data;
}

/**
 * A department and one of its categories with more than one page of products on offer, so the journey can
 * filter "Solo offerte" and still turn the page. Chosen through the API: the seed is generated, names vary.
 */
export async function findCategoryWithOffers(
  request: APIRequestContext,
): Promise<{ department: CategoryNode; category: CategoryNode; offers: number }> {
  const { categories } = await api<{ categories: CategoryNode[] }>(request, '/category');
  let best: { department: CategoryNode; category: CategoryNode; offers: number } | null = null;
  for (const department of categories) {
    for (const category of department.categories ?? []) {
      const data = await api<{ page: { totItems: number } }>(
        request,
        `/products?parent_category_id=${category.categoryId}&promo=true&page_size=1`,
      );
      if (!best || data.page.totItems > best.offers)
        best = { department, category, offers: data.page.totItems };
      if (data.page.totItems > 30) return best;
    }
  }
  expect(best, 'no category with products on offer in the seed').not.toBeNull();
  return best!;
}
