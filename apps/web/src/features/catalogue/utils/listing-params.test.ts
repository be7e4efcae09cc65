import { describe, expect, it } from 'vitest';
import { parseListingParams, toProductsQuery, withFilterChange, withPage } from './listing-params';

const sp = (s: string) => new URLSearchParams(s);

describe('listing params in the URL', () => {
  it('reads defaults and ignores junk', () => {
    expect(parseListingParams(sp('page=abc&sort=zzz&senza=carne'))).toEqual({
      page: 1,
      sort: '',
      facets: [],
      promo: false,
      onlyNew: false,
      freeFrom: [],
    });
    expect(
      parseListingParams(
        sp('page=3&sort=pri_asc&facet=v1&facet=v2&promo=1&new=1&senza=glutine&senza=glutine'),
      ),
    ).toEqual({
      page: 3,
      sort: 'pri_asc',
      facets: ['v1', 'v2'],
      promo: true,
      onlyNew: true,
      freeFrom: ['glutine'],
    });
  });

  it.each([
    ['q=latte&page=4', { sort: 'pri_desc' as const }, 'q=latte&sort=pri_desc'],
    ['page=2&sort=alf_asc', { promo: true }, 'sort=alf_asc&promo=1'],
    ['page=5&facet=v1', { facets: ['v1', 'v2'] }, 'facet=v1&facet=v2'],
    ['page=5&new=1', { onlyNew: false }, ''],
    ['page=2&q=pane', { freeFrom: ['glutine' as const] }, 'q=pane&senza=glutine'],
  ])('a filter change on %s resets the page: %j → %s', (from, change, expected) => {
    expect(withFilterChange(sp(from), change).toString()).toBe(expected);
  });

  it('changes the page and keeps the filters', () => {
    expect(withPage(sp('q=pane&promo=1'), 3).toString()).toBe('q=pane&promo=1&page=3');
    expect(withPage(sp('q=pane&page=3'), 1).toString()).toBe('q=pane');
  });

  it('builds the products query', () => {
    expect(
      toProductsQuery(
        parseListingParams(sp('page=2&promo=1&facet=v9&senza=lattosio')),
        { parentCategoryId: 10100 },
        24,
      ),
    ).toEqual({
      parent_category_id: 10100,
      page: 2,
      page_size: 24,
      facet: ['v9'],
      promo: true,
      free_from: ['lattosio'],
    });
  });
});
