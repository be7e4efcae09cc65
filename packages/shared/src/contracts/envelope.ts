import { z } from 'zod';

/**
 * The answer envelope every /ebsn/api call returns (spec section 8, wire notes).
 * status 0 = success; business failures answer HTTP 200 with status != 0 and Italian text.
 */
export const responseMessageSchema = z.object({
  error: z.string().optional(),
  info: z.string().optional(),
  warning: z.string().optional(),
  code: z.string().optional(),
  /** the form field a validation message belongs to, e.g. "person.fiscalCode" */
  field: z.string().optional(),
});
export type ResponseMessage = z.infer<typeof responseMessageSchema>;

export const responseStatusSchema = z.object({
  status: z.number().int(),
  errors: z.array(responseMessageSchema),
  infos: z.array(responseMessageSchema),
  warnings: z.array(responseMessageSchema),
  errorsMessage: z.array(z.string()),
  infosMessage: z.array(z.string()),
  warningsMessage: z.array(z.string()),
});
export type ResponseStatus = z.infer<typeof responseStatusSchema>;

/**
 * The single-sign-on user of an operator's session (spec section 3 "Single-sign-on user: username, roles";
 * decision 053), in the root user's `operator`: the root user itself is the customer while acting.
 */
export const operatorUserSchema = z.object({
  userId: z.number().int(),
  /** the back-office user name the operator signed in with */
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /** the session acts for a customer (the root user); false: the operator has not chosen one yet */
  acting: z.boolean(),
});
export type OperatorUser = z.infer<typeof operatorUserSchema>;

/**
 * Who the server thinks it is talking to; anonymous is userId -1 with only the first three fields.
 * A signed-in user also carries what the header and the guards need (spec section 3, User).
 */
export const rootUserSchema = z.object({
  userId: z.number().int(),
  login: z.string().nullable(),
  profileConfirmed: z.boolean(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  userType: z.object({ userTypeId: z.number().int() }).optional(),
  legals: z.array(z.object({ legalId: z.number().int() })).optional(),
  betaTester: z.boolean().optional(),
  fidelityCard: z.object({ cardNumber: z.string(), cardType: z.string() }).nullable().optional(),
  /**
   * An operator's session (spec section 3 "Single-sign-on user: username, roles"; decision 053): who the
   * operator is and whether the session acts for a customer, who is then the root user itself.
   */
  operator: operatorUserSchema.optional(),
});
export type RootUser = z.infer<typeof rootUserSchema>;

export const ANONYMOUS_USER: RootUser = { userId: -1, login: null, profileConfirmed: false };

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ response: responseStatusSchema, user: rootUserSchema, data });
}
export type Envelope<T> = { response: ResponseStatus; user: RootUser; data: T };

/** Status codes of failed envelopes. 0 is success; any other value is a failure the client shows. */
export const ENVELOPE_STATUS = {
  ok: 0,
  businessError: 1,
  validationError: 2,
  notFound: 404,
  sessionExpired: 419,
  internalError: 500,
} as const;

/** Generic texts (spec section 8). */
export const GENERIC_ERROR_TEXT = 'Si è verificato un errore, riprova tra qualche minuto.';
export const SESSION_EXPIRED_TEXT =
  'La sessione è scaduta, si prega di rieffettuare il login per continuare.';
