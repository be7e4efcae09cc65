import { describe, expect, it } from 'vitest';
import { CATEGORY_TYPE } from '../../db/schema';
import type { CategoryRow } from './catalogue.repository';
import { CategoryIndex } from './category-index';

const row = (categoryId: number, parentId: number | null, level: number, showInMenu = true): CategoryRow => ({
  categoryId,
  parentId,
  categoryTypeId: CATEGORY_TYPE.products,
  slug: `c${categoryId}`,
  name: `Categoria ${categoryId}`,
  level,
  priority: 0,
  description: null,
  icon: null,
  emoji: null,
  sellingType: null,
  unit: null,
  gridConfig: null,
  updatedAt: new Date(0),
  showInMenu,
});

// catalogo (1) > frutta e verdura (10000) > frutta (10100) > mele (10101), agrumi (10102); verdura (10200)
const index = new CategoryIndex([
  row(1, null, 0, false),
  row(10000, 1, 1),
  row(10100, 10000, 2),
  row(10101, 10100, 3),
  row(10102, 10100, 3),
  row(10200, 10000, 2),
]);

describe('CategoryIndex', () => {
  it('lists the menu product categories to warm, departments first, the hidden root left out', () => {
    expect(index.menuProductCategoryIds()).toEqual([10000, 10100, 10200, 10101, 10102]);
  });

  it('lists a category with all its descendants, whatever the depth', () => {
    expect(index.subtreeIds(10000).sort()).toEqual([10000, 10100, 10101, 10102, 10200]);
    expect(index.subtreeIds(10100).sort()).toEqual([10100, 10101, 10102]);
    expect(index.subtreeIds(10101)).toEqual([10101]);
  });

  it('answers the id alone for an unknown category, which matches no product', () => {
    expect(index.subtreeIds(999)).toEqual([999]);
  });

  it('finds the department and the breadcrumb chain without the hidden root', () => {
    expect(index.department(10101)?.categoryId).toBe(10000);
    expect(index.chain(10101).map((c) => c.categoryId)).toEqual([10000, 10100, 10101]);
  });
});
