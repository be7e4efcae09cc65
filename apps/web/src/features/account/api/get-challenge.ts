import type { BotChallenge } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';

/** GET /auth/challenge: a proof-of-work challenge (ALTCHA, self-hosted) to solve before signing in. */
export function getChallenge(signal?: AbortSignal): Promise<BotChallenge> {
  return callApi('GET /auth/challenge', {}, { signal, quiet: true });
}
