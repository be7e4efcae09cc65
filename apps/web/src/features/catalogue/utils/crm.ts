import type { CRM_ALGORITHM } from '@spesa/shared/contracts/catalogue';

/**
 * CRM algorithm ids (spec section 9). The contract's CRM_ALGORITHM is a value in a zod module; the id used
 * on the product page is repeated here, checked against the contract's type, so zod stays out of the bundle.
 */
export const CRM_ALGORITHM_CROSS_SELLING: (typeof CRM_ALGORITHM)['crossSellingOnDetail'] = 223;
