import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Shapes of data/demo/categories-it.json and products-it.json (see data/demo/SOURCES.md). */
export type SellingType = 'Pezzo' | 'Sfuso' | 'Confezione';

export interface RawSubcategory {
  id: number;
  slug: string;
  name: string;
  level: 3;
  parentId: number;
  sellingType: SellingType;
  unit: 'kg' | 'l' | 'pz';
  typicalFormats: string[];
  priceRangeEur: { min: number; max: number; per: 'kg' | 'item' };
  exampleProducts: string[];
  icon: string;
}
export interface RawCategory {
  id: number;
  slug: string;
  name: string;
  level: 2;
  parentId: number;
  typicalBrands?: string[];
  children: RawSubcategory[];
}
export interface RawDepartment {
  id: number;
  slug: string;
  name: string;
  level: 1;
  parentId: null;
  icon: string;
  emoji: string;
  children: RawCategory[];
}
export interface RawTaxonomy {
  version: string;
  departments: RawDepartment[];
}

export interface RawNutrition {
  fat?: number | null;
  saturatedFat?: number | null;
  carbohydrates?: number | null;
  sugars?: number | null;
  fiber?: number | null;
  proteins?: number | null;
  salt?: number | null;
  alcohol?: number | null;
  energyKcalEstimate?: number | null;
}

export interface RawProduct {
  ean: string;
  name: string;
  brand: string | null;
  quantity: string | null;
  department: string;
  category: string;
  subcategory: string;
  categoryId: number;
  sellingType: SellingType;
  ingredients: string | null;
  allergens: string[] | null;
  nutritionPer100g: RawNutrition | null;
  nutriScoreEstimate: string | null;
  /** never used: no hot-links to Open Food Facts images */
  offImageUrl?: string | null;
  offUrl: string | null;
}

/** A leaf (level 3) with its ancestors resolved: what the product generator works from. */
export interface Leaf extends RawSubcategory {
  department: RawDepartment;
  category: RawCategory;
  brands: string[];
}

export interface Taxonomy {
  departments: RawDepartment[];
  leaves: Leaf[];
  leafById: Map<number, Leaf>;
}

export function stripIconPrefix(icon: string | null | undefined): string | null {
  if (!icon) return null;
  const i = icon.indexOf(':');
  return i >= 0 ? icon.slice(i + 1) : icon;
}

export function buildTaxonomy(raw: RawTaxonomy): Taxonomy {
  const leaves: Leaf[] = [];
  for (const department of raw.departments) {
    for (const category of department.children) {
      for (const sub of category.children) {
        leaves.push({ ...sub, department, category, brands: category.typicalBrands ?? [] });
      }
    }
  }
  return { departments: raw.departments, leaves, leafById: new Map(leaves.map((l) => [l.id, l])) };
}

export async function loadDemoData(dataDir: string): Promise<{ taxonomy: Taxonomy; products: RawProduct[] }> {
  const [cats, prods] = await Promise.all([
    readFile(join(dataDir, 'categories-it.json'), 'utf8'),
    readFile(join(dataDir, 'products-it.json'), 'utf8'),
  ]);
  return {
    taxonomy: buildTaxonomy(JSON.parse(cats) as RawTaxonomy),
    products: JSON.parse(prods) as RawProduct[],
  };
}
