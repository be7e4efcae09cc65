import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { ACCESS } from '../../plugins/access';
import { renderIconCard } from './icon.renderer';

/**
 * /media/icons/<name>.svg?bg=<hex>: generated illustrations (immutable: name and tint are the content).
 * /media/products/<id>-<hash>-<size>.webp: product photos uploaded in the back office (from the file store).
 * /media/**: files of apps/api/media (banners written by the seed). Anything unknown is a plain 404.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A product photo's bytes (the catalogue module reads them), or null. */
export type ProductImageReader = (
  productId: number,
  hash: string,
  size: string,
) => Promise<{ contentType: string; content: Buffer | Readable } | null>;

const mediaRoutes: FastifyPluginAsync<{ mediaDir: string; productImage: ProductImageReader }> = async (
  app,
  { mediaDir, productImage },
) => {
  // /media/products/<productId>-<hash>-<size>.webp: photos uploaded in the back office (immutable)
  app.get<{ Params: { file: string } }>(
    '/media/products/:file',
    { config: { access: ACCESS.public('product photos are shown to anyone') } },
    async (request, reply) => {
      const match = /^(\d{1,10})-([0-9a-f]{16})-(large|medium|small)\.webp$/.exec(request.params.file);
      const image = match ? await productImage(Number(match[1]), match[2] ?? '', match[3] ?? '') : null;
      if (!image) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('cache-control', IMMUTABLE).type(image.contentType).send(image.content);
    },
  );

  app.get<{ Params: { file: string }; Querystring: { bg?: unknown } }>(
    '/media/icons/:file',
    { config: { access: ACCESS.public('product illustrations are shown to anyone') } },
    async (request, reply) => {
      const match = /^(.+)\.svg$/.exec(request.params.file);
      const bg = request.query.bg;
      const svg =
        match?.[1] && (bg === undefined || typeof bg === 'string')
          ? await renderIconCard(match[1], bg)
          : null;
      if (!svg) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('cache-control', IMMUTABLE).type('image/svg+xml').send(svg);
    },
  );

  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
  } else {
    app.log.warn({ mediaDir }, 'media folder missing: /media/ serves only the generated icons');
  }
};

export default mediaRoutes;
