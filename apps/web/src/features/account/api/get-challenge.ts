import type { BotChallenge } from '@spesa/shared/contracts/account';
import { apiGet } from '../../../lib/http';

/** GET /auth/challenge: a proof-of-work challenge (ALTCHA, self-hosted) to solve before signing in. */
export function getChallenge(signal?: AbortSignal): Promise<BotChallenge> {
  return apiGet<BotChallenge>('/auth/challenge', undefined, { signal, quiet: true });
}
