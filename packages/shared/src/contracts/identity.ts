import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Signing in with a social account (OpenID Connect) or a partner company's identity provider (SAML 2.0),
 * decision 054. The redirects of the sign-in itself (`/social-redir/{provider}-mobile`, `/saml/do-login`,
 * `/saml/acs`, `/saml/do-logout`, `/saml/metadata`) are not envelope endpoints: they answer redirects, a
 * form post or XML, and are plain routes of the identity module.
 */

/** The two social providers the shop offers (spec section 2: two buttons in the login dialog). */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS, {
  error: 'Il servizio di accesso indicato non è tra quelli offerti.',
});

/** Where a finished sign-in tells the popup's opener to go (the callback page's `esito`). */
export const SOCIAL_OUTCOMES = ['signedIn', 'register', 'confirmLink', 'error'] as const;
export type SocialOutcome = (typeof SOCIAL_OUTCOMES)[number];

export const federationOptionsSchema = z.object({
  /** the social providers configured on this server (none: the buttons are hidden) */
  social: z.array(z.object({ provider: socialProviderSchema, name: z.string() })),
  /** the partner companies whose employees sign in with their own identity provider */
  companies: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type FederationOptions = z.infer<typeof federationOptionsSchema>;

/** GET /registration/social_user_detail: what the provider told of the identity waiting for an account. */
export const socialUserDetailSchema = z.object({
  provider: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  /** true: the e-mail belongs to an account of the shop, whose password must confirm the link */
  linkRequired: z.boolean(),
});
export type SocialUserDetail = z.infer<typeof socialUserDetailSchema>;

export const socialLinkConfirmBodySchema = z.object({
  password: z
    .string({ error: 'Inserisci la password del tuo account Spesa.' })
    .min(1, 'Inserisci la password del tuo account Spesa.')
    .max(200, 'La password è troppo lunga.'),
});
export type SocialLinkConfirmBody = z.input<typeof socialLinkConfirmBodySchema>;
export const socialLinkConfirmDataSchema = z.object({
  /** where to go now: the page the sign-in started from, a path of the shop */
  relayStateUrl: z.string(),
});

export const linkedIdentitySchema = z.object({
  provider: z.string(),
  email: z.string(),
  linkedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentitiesSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  /** false: the account has no password, so its last linked identity cannot be removed */
  hasPassword: z.boolean(),
});
export type LinkedIdentities = z.infer<typeof linkedIdentitiesSchema>;

export const socialUnlinkBodySchema = z.object({ provider: socialProviderSchema });

export const identityEndpoints = {
  options: endpoint({ method: 'GET', path: '/identity/options', response: federationOptionsSchema }),
  socialUserDetail: endpoint({
    method: 'GET',
    path: '/registration/social_user_detail',
    response: socialUserDetailSchema,
  }),
  socialLinkConfirm: endpoint({
    method: 'POST',
    path: '/registration/social_link_confirm',
    body: socialLinkConfirmBodySchema,
    response: socialLinkConfirmDataSchema,
  }),
  linkedIdentities: endpoint({
    method: 'GET',
    path: '/registration/social_identities',
    response: linkedIdentitiesSchema,
  }),
  socialUnlink: endpoint({
    method: 'POST',
    path: '/registration/social_unlink',
    body: socialUnlinkBodySchema,
    response: linkedIdentitiesSchema,
  }),
} as const;
