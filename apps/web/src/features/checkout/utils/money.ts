const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** Euro as the shop prints them: "12,50 €". */
export const formatEuro = (amount: number): string => euro.format(amount);
