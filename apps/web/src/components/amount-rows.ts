/**
 * A list of rows each ending with an amount on the right (wallet movements, receipts): the list without
 * bullets, and each row's grid of its text and its amount, separated by a rule.
 */
export const plainListSx = { listStyle: 'none', p: 0, m: 0 } as const;

export const amountRowSx = {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: 1,
  py: 1.5,
  borderBottom: '1px solid',
  borderColor: 'divider',
} as const;
