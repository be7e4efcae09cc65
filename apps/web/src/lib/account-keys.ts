/** Every account query lives under ['account']: signing out or a session expiry removes them all at once. */
export const accountKeys = {
  all: ['account'] as const,
  authTest: () => ['account', 'auth-test'] as const,
  userDetail: () => ['account', 'user-detail'] as const,
  mfa: () => ['account', 'mfa'] as const,
  personFiscals: () => ['account', 'person-fiscals'] as const,
  userDisclaimers: () => ['account', 'user-disclaimers'] as const,
  linkedIdentities: () => ['account', 'linked-identities'] as const,
};
/** Public lists (not tied to a user) stay when the customer signs out. */
export const registrationKeys = {
  disclaimers: () => ['registration-disclaimers'] as const,
  federationOptions: () => ['federation-options'] as const,
  socialUserDetail: () => ['social-user-detail'] as const,
};
