import { z } from 'zod';
import { CARD_TYPES } from '../loyalty/card-number';
import { loginPasswordRule, MESSAGES, newPasswordRule, rules } from '../account/validation-rules';
import { isVatNumberValid, VAT_NUMBER_PATTERN } from '../account/vat-number';
import { endpoint } from './endpoint';

/**
 * Wire contracts of login, sessions, registration and the profile (spec sections 3, 5 and 7 "Account and
 * registration"). Paths are the platform's (`/auth/login`, `/registration/update_password`...). Form
 * bodies use these schemas on both sides: the web forms validate with them and the API refuses with the
 * same Italian messages, naming the field (`errors[].field`).
 */

// ---------- helpers ----------
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const boundedText = (max: number) => z.string().trim().max(max, MESSAGES.maxLength(max));
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
/** a one-use token from an e-mail link (base64url) */
const mailToken = z.string().trim().min(8).max(200);

// ---------- constants ----------
/** spec section 9: registration disclaimers default to module type 2 and store 5 */
export const REGISTRATION_MODULE_TYPE_DEFAULT = 2;
export const REGISTRATION_STORE_DEFAULT = 5;
export { ELDERLY_LEGAL_IDS } from '../delivery/constants';
/** User types: 1 master account (company account managing others), 2 customer (the operators' search). */
export const USER_TYPE = { master: 1, customer: 2 } as const;
export const GENDERS = ['M', 'F'] as const;
/** Person info types (update_person_info) */
export const PERSON_INFO_TYPE = { notes: 1, companyRole: 2, secondaryEmail: 3 } as const;
export const PROVINCES_SERVED = ['CO', 'SO', 'LC', 'BG', 'MB', 'MI', 'BS'] as const;
/** spec section 9: Italia (1, IT) and Svizzera (211, CH) */
export const COUNTRIES = [
  { countryId: 1, iso: 'IT', name: 'Italia' },
  { countryId: 211, iso: 'CH', name: 'Svizzera' },
] as const;
export { CARD_TYPES };

// ---------- the user ----------
export const fidelityCardSchema = z.object({
  cardNumber: z.string(),
  cardType: z.enum(CARD_TYPES),
});

export const domicileSchema = z.object({
  address1: z.string(),
  addressNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  province: z.string(),
  countryId: z.number().int(),
});
export type Domicile = z.infer<typeof domicileSchema>;

export const personSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fiscalCode: z.string(),
  birthDate: z.string().nullable(),
  birthCountry: z.string(),
  birthPlace: z.string(),
  gender: z.enum(GENDERS).nullable(),
  italianCitizen: z.boolean(),
  personInfos: z.array(z.object({ personInfoTypeId: z.number().int(), value: z.string() })),
});

export const contactSchema = z.object({
  email: z.string(),
  homePhone: z.string(),
  mobilePhone: z.string(),
});

export const contactPreferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
  whatsapp: z.boolean(),
});
export const consentsSchema = z.object({ marketing: z.boolean(), profiling: z.boolean() });

/** The whole user as the profile pages see it (GET /registration/user_detail). Never a password. */
export const userDetailSchema = z.object({
  userId: z.number().int(),
  login: z.string(),
  email: z.string(),
  profileConfirmed: z.boolean(),
  userType: z.object({ userTypeId: z.number().int() }),
  betaTester: z.boolean(),
  companyId: z.number().int().nullable(),
  hasFavorites: z.boolean(),
  /** the personal gift certificates the customer can use today (spec section 3) */
  giftCertificatesReceived: z.number().int(),
  profile: z.object({ level: z.number().int() }),
  legals: z.array(z.object({ legalId: z.number().int() })),
  crmUserSegments: z.array(z.object({ crmSegment: z.object({ crmSegmentId: z.number().int() }) })),
  defaultStoreAddressId: z.number().int().nullable(),
  defaultDeliveryAddressId: z.number().int().nullable(),
  mfaEnabled: z.boolean(),
  fidelityCard: fidelityCardSchema.nullable(),
  person: personSchema,
  contact: contactSchema,
  contactPreferences: contactPreferencesSchema,
  consents: consentsSchema,
  domicile: domicileSchema,
  registrationDate: z.string(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userDataSchema = z.object({ user: userDetailSchema });
export const emptyDataSchema = z.strictObject({});

// ---------- bot check (ALTCHA proof of work, self-hosted) ----------
export const botChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type BotChallenge = z.infer<typeof botChallengeSchema>;

// ---------- login / logout / test ----------
/** POST /auth/login (form-encoded or JSON). The bot-check payload comes as query `token`. */
export const loginBodySchema = z.object({
  login: z.string().trim().min(1, MESSAGES.required).max(254, MESSAGES.maxLength(254)),
  password: loginPasswordRule,
  remember_me: queryBool.optional(),
  show_sectors: queryBool.optional(),
  /** the PIN received by e-mail when multi-factor sign-in is on */
  mfa_pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, MESSAGES.exactLength(6))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** true: send a new PIN instead of checking one */
  resend_mfa_pin: queryBool.optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;
type LoginFields = z.output<typeof loginBodySchema>;
/** A sign-in as the web app's form and the API's AuthService name it: the login body's fields, read. */
export interface LoginInput {
  login: LoginFields['login'];
  password: LoginFields['password'];
  rememberMe: NonNullable<LoginFields['remember_me']>;
  mfaPin?: LoginFields['mfa_pin'];
  resendMfaPin?: LoginFields['resend_mfa_pin'];
}
export const loginQuerySchema = z.object({ token: z.string().max(4000).optional() });
export const loginDataSchema = z.object({ user: userDetailSchema });
/** Failure code of a login that needs the PIN sent by e-mail. */
export const MFA_REQUIRED_CODE = 'msg.auth.mfaRequired';
/** Failure code of a login that asked for a new PIN: sent, and still to be typed. */
export const MFA_RESENT_CODE = 'msg.auth.mfaResent';
export const authTestQuerySchema = z.object({ operation: z.string().max(100).optional() });
export const authTestDataSchema = z.object({ authenticated: z.boolean() });

// ---------- registration ----------
export const registrationTypeSchema = z.enum(['card', 'email']);

/** Step 1, personal data */
export const personalDataFormSchema = z
  .object({
    firstName: rules.required(60),
    lastName: rules.required(60),
    gender: z.enum(GENDERS, { error: MESSAGES.required }),
    birthDate: rules.birthDate().pipe(z.string().min(1, MESSAGES.required)),
    birthPlace: rules.required(80),
    birthCountry: rules.required(60),
    italianCitizen: z.boolean(),
    fiscalCode: rules.fiscalCode(),
    mobilePhone: rules.phone().pipe(z.string().min(1, MESSAGES.required)),
    homePhone: rules.phone(),
  })
  .superRefine((v, ctx) => {
    if (v.italianCitizen && v.fiscalCode === '')
      ctx.addIssue({ code: 'custom', path: ['fiscalCode'], message: MESSAGES.fiscalCodeForCitizens });
  });
export type PersonalDataForm = z.input<typeof personalDataFormSchema>;

/** Step 2, domicile */
export const domicileFormSchema = z.object({
  address1: rules.required(120),
  addressNumber: rules.required(10),
  postalCode: rules.postalCode().pipe(z.string().min(1, MESSAGES.required)),
  city: rules.required(80),
  province: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, MESSAGES.exactLength(2)),
  countryId: z.coerce
    .number()
    .int()
    .refine((id) => COUNTRIES.some((c) => c.countryId === id), {
      error: MESSAGES.required,
    }),
});
export type DomicileForm = z.input<typeof domicileFormSchema>;

export const disclaimerAnswerSchema = z.object({
  registrationDisclaimerId: z.coerce.number().int().min(1),
  value: z.boolean(),
});
export type DisclaimerAnswer = z.infer<typeof disclaimerAnswerSchema>;

/** Step 3, account and privacy */
export const accountFormSchema = z
  .object({
    email: rules.email().pipe(z.string().min(1, MESSAGES.required)),
    password: newPasswordRule,
    passwordConfirm: z.string().min(1, MESSAGES.required).max(200),
    disclaimers: z.array(disclaimerAnswerSchema).max(50),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirm)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: MESSAGES.passwordMismatch });
  });
export type AccountForm = z.input<typeof accountFormSchema>;

/** POST /registration/register_user: the three steps together */
export const registerUserBodySchema = z
  .object({
    registrationType: registrationTypeSchema,
    /** with registrationType "card": the loyalty card to link (13 digits) */
    fidelityCard: z
      .string()
      .trim()
      .regex(/^\d{13}$/, MESSAGES.exactLength(13))
      .optional()
      .or(z.literal('').transform(() => undefined)),
    person: personalDataFormSchema,
    domicile: domicileFormSchema,
    account: accountFormSchema,
    /**
     * the social provider whose identity this registration links (spec section 2: /registration-user
     * ?social_login=<provider>); the identity itself is the one the sign-in left waiting (decision 054)
     */
    social_login: z.string().trim().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.registrationType === 'card' && !v.fidelityCard)
      ctx.addIssue({ code: 'custom', path: ['fidelityCard'], message: MESSAGES.required });
  });
export type RegisterUserBody = z.input<typeof registerUserBodySchema>;
export const registerUserDataSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  /** true: the account waits for the link sent by e-mail */
  confirmationRequired: z.boolean(),
});

export const registrationConfirmQuerySchema = z.object({
  e_mail: z.string().trim().max(254),
  reg_control_code: mailToken,
});
export const emailQuerySchema = z.object({ e_mail: z.string().trim().min(1).max(254) });

// ---------- profile updates ----------
/** POST /registration/update_user_detail: personal data and domicile (not e-mail nor password) */
export const updateUserDetailBodySchema = z.object({
  person: personalDataFormSchema,
  domicile: domicileFormSchema,
});
export type UpdateUserDetailBody = z.input<typeof updateUserDetailBodySchema>;

export const updatePersonInfoBodySchema = z.object({
  personInfoTypeId: z.coerce
    .number()
    .int()
    .refine((id) => Object.values(PERSON_INFO_TYPE).includes(id as 1), { error: 'Tipo non valido.' }),
  value: boundedText(500),
});

/** POST /registration/update_contact: phones, contact channels and consents */
export const updateContactBodySchema = z.object({
  mobilePhone: rules.phone().pipe(z.string().min(1, MESSAGES.required)),
  homePhone: rules.phone(),
  contactPreferences: contactPreferencesSchema,
  consents: consentsSchema,
});
export type UpdateContactBody = z.input<typeof updateContactBodySchema>;

/** GET or POST /registration/update_password */
export const updatePasswordSchema = z.object({
  old_password: loginPasswordRule,
  new_password: newPasswordRule,
});
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const updateEmailRequestSchema = z.object({
  new_email: rules.email().pipe(z.string().min(1, MESSAGES.required)),
});
export const updateEmailQuerySchema = z.object({ token: mailToken });
export const updateEmailDataSchema = z.object({ email: z.string() });
export const updateUsernameBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, MESSAGES.minLength(3))
    .max(60, MESSAGES.maxLength(60))
    .regex(/^[A-Za-z0-9._@+-]+$/, MESSAGES.formInvalid),
});

// ---------- password reset ----------
/** GET /registration/password_reset_token_request: e-mail or login, optional fiscal code */
export const passwordResetRequestSchema = z
  .object({
    e_mail: rules.email().optional(),
    login: boundedText(254).optional(),
    fiscal_code: rules.fiscalCode().optional(),
  })
  .refine((v) => Boolean(v.e_mail || v.login), { error: MESSAGES.required, path: ['e_mail'] });
export const passwordResetCheckSchema = z.object({
  e_mail: boundedText(254).optional(),
  login: boundedText(254).optional(),
  reset_token: mailToken,
});
export const passwordResetSchema = z.object({
  e_mail: boundedText(254).optional(),
  login: boundedText(254).optional(),
  reset_token: mailToken,
  password: newPasswordRule,
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
export const tokenValidDataSchema = z.object({ valid: z.literal(true) });

// ---------- multi-factor ----------
export const mfaDataSchema = z.object({ enabled: z.boolean() });
export const updateMfaBodySchema = z.object({ enabled: queryBool });

// ---------- account deletion (anonymisation) ----------
export const anonymizeCheckQuerySchema = z.object({ login: boundedText(254).optional(), token: mailToken });
export const anonymizeQuerySchema = z.object({
  token: mailToken.optional(),
  mfa_token: mailToken.optional(),
});

// ---------- invoice data (person fiscal) ----------
export const VAT_NUMBER_INVALID_TEXT = 'La partita IVA non è valida: controlla le cifre.';
export const PERSON_TYPES = { private: 1, company: 2, publicAdministration: 3 } as const;

export const personFiscalFormSchema = z
  .object({
    personTypeId: z.coerce.number().int().min(1).max(3),
    companyName: boundedText(120),
    fiscalCode: rules.fiscalCode(),
    // 11 digits are a partita IVA (or a company's fiscal code) with its office code and check digit: the
    // electronic invoice checks them before "prepared" (decision 087), so they are checked when saved too
    vatCode: rules
      .vatOrTaxCode()
      .refine((v) => !VAT_NUMBER_PATTERN.test(v) || isVatNumberValid(v), { error: VAT_NUMBER_INVALID_TEXT }),
    pec: rules.email(),
    sdiCode: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z0-9]{7}$/.test(v), { error: MESSAGES.exactLength(7) }),
    ipaCode: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z0-9]{6}$/.test(v), { error: MESSAGES.exactLength(6) }),
    cig: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z0-9]{10}$/.test(v), { error: MESSAGES.exactLength(10) }),
    determinationNumber: boundedText(40),
    determinationDate: rules.date(),
    contactPerson: boundedText(120),
    address1: rules.required(120),
    addressNumber: rules.required(10),
    postalCode: rules.postalCode().pipe(z.string().min(1, MESSAGES.required)),
    city: rules.required(80),
    province: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, MESSAGES.exactLength(2)),
  })
  .superRefine((v, ctx) => {
    const need = (path: keyof typeof v, ok: boolean) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.required });
    };
    if (v.personTypeId === PERSON_TYPES.private) need('fiscalCode', v.fiscalCode !== '');
    else {
      need('companyName', v.companyName !== '');
      need('vatCode', v.vatCode !== '');
    }
    if (v.personTypeId === PERSON_TYPES.company) need('sdiCode', v.sdiCode !== '' || v.pec !== '');
    if (v.personTypeId === PERSON_TYPES.publicAdministration) need('ipaCode', v.ipaCode !== '');
  });
export type PersonFiscalForm = z.input<typeof personFiscalFormSchema>;

export const personFiscalSchema = z.object({
  personFiscalId: z.number().int(),
  personTypeId: z.number().int(),
  companyName: z.string(),
  fiscalCode: z.string(),
  vatCode: z.string(),
  pec: z.string(),
  sdiCode: z.string(),
  ipaCode: z.string(),
  cig: z.string(),
  determinationNumber: z.string(),
  determinationDate: z.string(),
  contactPerson: z.string(),
  address1: z.string(),
  addressNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  province: z.string(),
});
export type PersonFiscal = z.infer<typeof personFiscalSchema>;
export const personFiscalListDataSchema = z.object({ personFiscals: z.array(personFiscalSchema) });
export const personFiscalDataSchema = z.object({ personFiscal: personFiscalSchema });
export const deletePersonFiscalQuerySchema = z.object({ person_fiscal_id: idParam });

// ---------- registration disclaimers (privacy consents) ----------
export const registrationDisclaimerSchema = z.object({
  registrationDisclaimerId: z.number().int(),
  registrationModuleTypeId: z.number().int(),
  code: z.string(),
  title: z.string(),
  descr: z.string(),
  required: z.boolean(),
  priority: z.number().int(),
  /** the user's answer (user lists only) */
  value: z.boolean().optional(),
});
export type RegistrationDisclaimer = z.infer<typeof registrationDisclaimerSchema>;
export const disclaimerListQuerySchema = z.object({
  store_id: z.coerce.number().int().min(1).max(1_000_000).default(REGISTRATION_STORE_DEFAULT),
  registration_module_type_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(REGISTRATION_MODULE_TYPE_DEFAULT),
});
export const disclaimerTypeQuerySchema = z.object({
  registration_module_type_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(REGISTRATION_MODULE_TYPE_DEFAULT),
});
export const disclaimerListDataSchema = z.object({
  registrationDisclaimers: z.array(registrationDisclaimerSchema),
});
export const disclaimerCheckDataSchema = z.object({
  complete: z.boolean(),
  missing: z.array(z.number().int()),
});
export const updateDisclaimerBodySchema = z.object({
  registration_module_type_id: z.coerce.number().int().min(1).max(100).optional(),
  disclaimers: z.array(disclaimerAnswerSchema).min(1).max(50),
});

// ---------- endpoints (the account module registers them) ----------
export const accountEndpoints = {
  // sign-in (auth.routes.ts)
  challenge: endpoint({ method: 'GET', path: '/auth/challenge', response: botChallengeSchema }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    query: loginQuerySchema,
    body: loginBodySchema,
    response: loginDataSchema,
  }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', response: emptyDataSchema }),
  authTest: endpoint({
    method: 'GET',
    path: '/auth/test',
    query: authTestQuerySchema,
    response: authTestDataSchema,
  }),
  // registration
  registerUser: endpoint({
    method: 'POST',
    path: '/registration/register_user',
    body: registerUserBodySchema,
    response: registerUserDataSchema,
  }),
  registrationConfirm: endpoint({
    method: 'GET',
    path: '/registration/registration_confirm',
    query: registrationConfirmQuerySchema,
    response: emptyDataSchema,
  }),
  resendRegistrationEmail: endpoint({
    method: 'GET',
    path: '/registration/registration_resend_email',
    query: emailQuerySchema,
    response: emptyDataSchema,
  }),
  // profile
  userDetail: endpoint({ method: 'GET', path: '/registration/user_detail', response: userDataSchema }),
  updateUserDetail: endpoint({
    method: 'POST',
    path: '/registration/update_user_detail',
    body: updateUserDetailBodySchema,
    response: userDataSchema,
  }),
  updatePersonInfo: endpoint({
    method: 'POST',
    path: '/registration/update_person_info',
    body: updatePersonInfoBodySchema,
    response: userDataSchema,
  }),
  updateContact: endpoint({
    method: 'POST',
    path: '/registration/update_contact',
    body: updateContactBodySchema,
    response: userDataSchema,
  }),
  // the platform's GET (passwords in the URL) and our client's POST
  updatePasswordByGet: endpoint({
    method: 'GET',
    path: '/registration/update_password',
    query: updatePasswordSchema,
    response: emptyDataSchema,
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/registration/update_password',
    body: updatePasswordSchema,
    response: emptyDataSchema,
  }),
  updateEmailRequest: endpoint({
    method: 'GET',
    path: '/registration/update_email_request',
    query: updateEmailRequestSchema,
    response: emptyDataSchema,
  }),
  updateEmail: endpoint({
    method: 'GET',
    path: '/registration/update_email',
    query: updateEmailQuerySchema,
    response: updateEmailDataSchema,
  }),
  updateUsername: endpoint({
    method: 'POST',
    path: '/registration/update_username',
    body: updateUsernameBodySchema,
    response: userDataSchema,
  }),
  // password reset
  passwordResetTokenRequest: endpoint({
    method: 'GET',
    path: '/registration/password_reset_token_request',
    query: passwordResetRequestSchema,
    response: emptyDataSchema,
  }),
  passwordResetTokenCheck: endpoint({
    method: 'GET',
    path: '/registration/password_reset_token_check',
    query: passwordResetCheckSchema,
    response: tokenValidDataSchema,
  }),
  // the platform's GET (the password in the URL) and our client's POST
  passwordResetByGet: endpoint({
    method: 'GET',
    path: '/registration/password_reset',
    query: passwordResetSchema,
    response: emptyDataSchema,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/registration/password_reset',
    body: passwordResetSchema,
    response: emptyDataSchema,
  }),
  // multi-factor
  mfaEnabled: endpoint({ method: 'GET', path: '/registration/mfa_enabled', response: mfaDataSchema }),
  updateMfa: endpoint({
    method: 'POST',
    path: '/registration/update_mfa',
    body: updateMfaBodySchema,
    response: mfaDataSchema,
  }),
  // account deletion
  anonymizeTokenRequest: endpoint({
    method: 'GET',
    path: '/registration/anonymize_token_request',
    response: emptyDataSchema,
  }),
  anonymizeTokenCheck: endpoint({
    method: 'GET',
    path: '/registration/anonymize_token_check',
    query: anonymizeCheckQuerySchema,
    response: tokenValidDataSchema,
  }),
  userAnonymize: endpoint({
    method: 'GET',
    path: '/registration/user_anonymize',
    query: anonymizeQuerySchema,
    response: emptyDataSchema,
  }),
  // invoice data
  updateBillingAddress: endpoint({
    method: 'POST',
    path: '/registration/update_billing_address',
    body: personFiscalFormSchema,
    response: personFiscalDataSchema,
  }),
  personFiscals: endpoint({
    method: 'GET',
    path: '/user-person-fiscal/list',
    response: personFiscalListDataSchema,
  }),
  insertPersonFiscal: endpoint({
    method: 'POST',
    path: '/user-person-fiscal/insert-billing-address',
    body: personFiscalFormSchema,
    response: personFiscalDataSchema,
  }),
  deletePersonFiscal: endpoint({
    method: 'GET',
    path: '/user-person-fiscal/delete-person-fiscal',
    query: deletePersonFiscalQuerySchema,
    response: emptyDataSchema,
  }),
  // privacy disclaimers
  registrationDisclaimers: endpoint({
    method: 'GET',
    path: '/registration-disclaimer/list',
    query: disclaimerListQuerySchema,
    response: disclaimerListDataSchema,
  }),
  userDisclaimers: endpoint({
    method: 'GET',
    path: '/user-registration-disclaimer/list-by-type',
    query: disclaimerTypeQuerySchema,
    response: disclaimerListDataSchema,
  }),
  checkDisclaimers: endpoint({
    method: 'GET',
    path: '/user-registration-disclaimer/check-disclaimer',
    query: disclaimerTypeQuerySchema,
    response: disclaimerCheckDataSchema,
  }),
  updateDisclaimers: endpoint({
    method: 'POST',
    path: '/user-registration-disclaimer/update-disclaimer',
    body: updateDisclaimerBodySchema,
    response: disclaimerListDataSchema,
  }),
};
