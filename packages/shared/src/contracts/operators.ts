import { z } from 'zod';
import { PAYMENT_TYPE } from '../checkout/payment-types';
import { pageSchema } from './catalogue';
import { endpoint } from './endpoint';
import { operatorUserSchema } from './envelope';

/**
 * Operators acting for a customer (issue 24, spec sections 3, 4, 6 and 7 "Single sign-on, social,
 * backoffice"; decision 053). Customer service signs in to the shop with their back-office user name,
 * password and one-time code, finds a customer and acts for them; every action taken meanwhile is recorded
 * and the customer reads it as "operazioni eseguite dal servizio clienti". The operators module registers
 * these.
 */

/** The roles that may act for a customer (the back office's role names, contracts/admin.ts). */
export const ACTING_ROLES = ['customer_service', 'supervisor', 'administrator'] as const;
/** While acting, these roles may also change the customer's personal data and consents. */
export const ACTING_SUPERVISOR_ROLES = ['supervisor', 'administrator'] as const;
export const isActingRole = (role: string): boolean => (ACTING_ROLES as readonly string[]).includes(role);
export const isActingSupervisor = (role: string): boolean =>
  (ACTING_SUPERVISOR_ROLES as readonly string[]).includes(role);
/** The payment types an operator may choose for the customer: paid at delivery, never a card typed by them. */
export const OPERATOR_PAYMENT_TYPE_IDS: readonly number[] = [
  PAYMENT_TYPE.onDelivery,
  PAYMENT_TYPE.onDeliveryDigitalGift,
];

const OTP_TEXT = 'Inserisci il codice a 6 cifre dell’app di autenticazione o un codice di recupero.';

// ---------- POST /backoffice-access/sso-login (backoffice_user, password, otp) ----------
export const ssoLoginBodySchema = z.object({
  backoffice_user: z.string().trim().min(1, 'Inserisci il nome utente.').max(254),
  password: z.string().min(1, 'Inserisci la password.').max(200),
  otp: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, OTP_TEXT)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type SsoLoginBody = z.input<typeof ssoLoginBodySchema>;
export const ssoLoginDataSchema = z.object({
  /** codeRequired: the password was right, the one-time code is missing; signedIn: the session is open */
  state: z.enum(['codeRequired', 'signedIn']),
  operator: operatorUserSchema.nullable(),
});
export type SsoLoginData = z.infer<typeof ssoLoginDataSchema>;

// ---------- GET /user-search/list_user (q, cod_int, page, page_size, sort, user_type_id=2) ----------
export const USER_SEARCH_SORTS = ['lastName', '-lastName', 'email', '-email', 'userId', '-userId'] as const;
export const userSearchQuerySchema = z.object({
  /** name (either order), e-mail, loyalty-card number, phone (its last digits) or fiscal code */
  q: z.string().trim().min(2, 'Scrivi almeno 2 caratteri.').max(100).optional(),
  /** the loyalty card's number */
  cod_int: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, 'Scrivi il numero della carta (solo cifre).')
    .optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
  sort: z.enum(USER_SEARCH_SORTS).default('lastName'),
  /** the spec's master-account type: only customers (2) are searched */
  user_type_id: z.coerce.number().int().pipe(z.literal(2)).default(2),
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;
export const userSearchRowSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  cardNumber: z.string().nullable(),
  mobilePhone: z.string(),
  fiscalCode: z.string(),
});
export type UserSearchRow = z.infer<typeof userSearchRowSchema>;
export const userSearchDataSchema = z.object({ users: z.array(userSearchRowSchema), page: pageSchema });
export type UserSearchData = z.infer<typeof userSearchDataSchema>;

// ---------- GET /user-search/select_user (user_id) ----------
export const selectUserQuerySchema = z.object({
  user_id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const selectUserDataSchema = z.object({ operator: operatorUserSchema });

// ---------- POST /sso-auth/logout: ends acting, the operator stays signed in ----------
export const ssoLogoutDataSchema = z.object({ operator: operatorUserSchema.nullable() });

// ---------- GET /sso-auth/operations (page, page_size): the customer's own audit lines ----------
export const operationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export const OPERATION_OUTCOMES = ['done', 'failed', 'refused'] as const;
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number];
export const operationSchema = z.object({
  id: z.number().int(),
  /** ISO date-time */
  at: z.string(),
  /** the operator's name as the customer reads it */
  operatorName: z.string(),
  /** what was done, in Italian (operationLabel) */
  label: z.string(),
  outcome: z.enum(OPERATION_OUTCOMES),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationsDataSchema = z.object({ operations: z.array(operationSchema), page: pageSchema });
export type OperationsData = z.infer<typeof operationsDataSchema>;

/**
 * What an audited route did, as the customer and the supervisors read it: by the route's 'METHOD /path'
 * (the longest matching prefix of the path wins); anything else is "Operazione sul tuo account".
 */
const OPERATION_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['GET /user-search/select_user', 'Accesso al tuo account da parte del servizio clienti'],
  ['POST /sso-auth/logout', 'Fine dell’operazione del servizio clienti'],
  ['POST /cart/add', 'Prodotti aggiunti al carrello'],
  ['POST /cart/update', 'Quantità cambiate nel carrello'],
  ['POST /cart/remove', 'Prodotti tolti dal carrello'],
  ['POST /cart/empty', 'Carrello svuotato'],
  ['POST /cart/', 'Modifica del carrello'],
  ['GET /cart/', 'Modifica del carrello'],
  ['POST /cart-delivery/', 'Modalità di consegna o fascia oraria scelta'],
  ['GET /cart-delivery/', 'Modalità di consegna o fascia oraria scelta'],
  ['POST /address/', 'Modifica di un indirizzo'],
  ['GET /address/', 'Modifica di un indirizzo'],
  ['POST /checkout/buy', 'Ordine effettuato'],
  ['POST /checkout/', 'Preparazione dell’ordine'],
  ['GET /checkout/', 'Preparazione dell’ordine'],
  ['POST /order/', 'Modifica di un ordine'],
  ['GET /order/', 'Modifica di un ordine'],
  ['POST /wishlist/', 'Modifica di una lista della spesa'],
  ['GET /wishlist/', 'Modifica di una lista della spesa'],
  ['POST /registration/social_link_confirm', 'Collegamento di un accesso social'],
  ['POST /registration/social_unlink', 'Scollegamento di un accesso social'],
  ['POST /registration/update_password', 'Modifica della password'],
  ['GET /registration/update_password', 'Modifica della password'],
  ['POST /registration/update_email', 'Modifica dell’e-mail'],
  ['GET /registration/update_email', 'Modifica dell’e-mail'],
  ['POST /registration/', 'Modifica dei dati personali'],
  ['GET /registration/', 'Modifica dei dati personali'],
];

export function operationLabel(action: string): string {
  let best: readonly [string, string] | null = null;
  for (const entry of OPERATION_LABELS)
    if (action.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best ? best[1] : 'Operazione sul tuo account';
}

export const operatorsEndpoints = {
  ssoLogin: endpoint({
    method: 'POST',
    path: '/backoffice-access/sso-login',
    body: ssoLoginBodySchema,
    response: ssoLoginDataSchema,
  }),
  ssoLogout: endpoint({ method: 'POST', path: '/sso-auth/logout', response: ssoLogoutDataSchema }),
  listUser: endpoint({
    method: 'GET',
    path: '/user-search/list_user',
    query: userSearchQuerySchema,
    response: userSearchDataSchema,
  }),
  selectUser: endpoint({
    method: 'GET',
    path: '/user-search/select_user',
    query: selectUserQuerySchema,
    response: selectUserDataSchema,
  }),
  operations: endpoint({
    method: 'GET',
    path: '/sso-auth/operations',
    query: operationsQuerySchema,
    response: operationsDataSchema,
  }),
};
