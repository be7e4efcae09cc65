import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerZlib, SMALL_ANSWER_BYTES, SMALL_ANSWER_QUALITY } from './answer-compression';

const quality = (q: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: q } });
const answerOf = (bytes: number) => {
  const item = JSON.stringify({ name: 'Latte intero 1 l', price: 1.29, available: 12, promo: null });
  return Buffer.from(
    `[${Array.from({ length: Math.ceil(bytes / item.length) }, () => item).join(',')}]`.slice(0, bytes),
  );
};

describe('answerZlib.brotliCompressSync', () => {
  it('compresses a small answer at the small answers’ quality, and it decodes to the very same bytes', () => {
    const answer = answerOf(4600);
    const sent = answerZlib.brotliCompressSync(answer, quality(4));
    expect(sent.equals(brotliCompressSync(answer, quality(SMALL_ANSWER_QUALITY)))).toBe(true);
    expect(brotliDecompressSync(sent).equals(answer)).toBe(true);
  });

  it('keeps the plugin’s options for an answer above the small size', () => {
    const answer = answerOf(SMALL_ANSWER_BYTES + 1);
    const sent = answerZlib.brotliCompressSync(answer, quality(4));
    expect(sent.equals(brotliCompressSync(answer, quality(4)))).toBe(true);
    expect(brotliDecompressSync(sent).equals(answer)).toBe(true);
  });
});
