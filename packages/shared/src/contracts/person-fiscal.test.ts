import { describe, expect, it } from 'vitest';
import { personFiscalFormSchema, VAT_NUMBER_INVALID_TEXT } from './account';

/** Invoice data: a partita IVA is checked when saved as the e-invoice checks it before "prepared" (decision 087). */
describe('invoice data: the partita IVA', () => {
  const company = {
    personTypeId: 2,
    companyName: 'Ferramenta Brambilla S.r.l.',
    fiscalCode: '',
    pec: '',
    sdiCode: 'M5UXCR1',
    ipaCode: '',
    cig: '',
    determinationNumber: '',
  };
  const vatError = (vatCode: string) => {
    const parsed = personFiscalFormSchema.safeParse({ ...company, vatCode });
    return parsed.success
      ? null
      : (parsed.error.issues.find((i) => i.path[0] === 'vatCode')?.message ?? null);
  };

  it('accepts a valid number and a personal fiscal code', () => {
    expect(vatError('01234561080')).toBeNull();
    expect(vatError('RSSMRA85T10F205R')).toBeNull();
  });

  it('refuses a wrong check digit and an office code that does not exist, naming the fix', () => {
    expect(vatError('01234561081')).toBe(VAT_NUMBER_INVALID_TEXT);
    // office 789 does not exist, although the check digit is right
    expect(vatError('01234567897')).toBe(VAT_NUMBER_INVALID_TEXT);
  });
});
