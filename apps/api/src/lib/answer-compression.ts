import zlib from 'node:zlib';

/** Answers up to this size are brotli-compressed at SMALL_ANSWER_QUALITY (the cart, checkout, a product). */
export const SMALL_ANSWER_BYTES = 16 * 1024;
/** brotli's quality for small answers: about half the CPU of quality 4, 1-4 % more bytes (decision 059). */
export const SMALL_ANSWER_QUALITY = 2;

const SMALL_ANSWER_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: SMALL_ANSWER_QUALITY },
};

/**
 * The brotli of @fastify/compress's synchronous path (buffered answers): a small answer at quality 2, the
 * others with the plugin's options (quality 4); streamed answers and gzip / deflate are node:zlib's, unchanged.
 * Passed as the plugin's `zlib`: it only takes the functions this object has.
 */
export const answerZlib = {
  brotliCompressSync(buffer: Buffer, options?: zlib.BrotliOptions): Buffer {
    return zlib.brotliCompressSync(
      buffer,
      buffer.length <= SMALL_ANSWER_BYTES ? SMALL_ANSWER_OPTIONS : options,
    );
  },
};
