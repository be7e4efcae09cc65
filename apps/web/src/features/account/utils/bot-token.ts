import { getChallenge } from '../api/get-challenge';

/**
 * The bot-check token of /auth/login (ALTCHA proof of work, self-hosted): fetch a challenge, find the
 * number, send back base64(JSON {algorithm, challenge, number, salt, signature}). altcha-lib is imported
 * here only, so it stays in the login chunk.
 */
export async function botCheckToken(): Promise<string> {
  const [challenge, { solveChallenge }] = await Promise.all([getChallenge(), import('altcha-lib/v1')]);
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('bot check not solved');
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}
