/** List queries live under ['account']: signing out removes them with the rest of the customer's data. */
export const listKeys = {
  all: ['account', 'lists'] as const,
  lists: () => ['account', 'lists', 'list'] as const,
  view: (listId: number) => ['account', 'lists', 'view', listId] as const,
};
