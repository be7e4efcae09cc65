import { ApiError } from '../../../lib/http';

/** The server's refusal texts of a failed call, or the fallback. */
export function errorTexts(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    const texts = error.response.errors.map((e) => e.error).filter((e): e is string => Boolean(e));
    if (texts.length) return [...new Set(texts)];
  }
  return [fallback];
}
