import { contentEndpoints as api } from '@spesa/shared/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { ContentService } from './content.service';

/** Content of category pages: GET /category-block/info. */
const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.route({
    ...contractRoute(api.blockInfo, {
      access: ACCESS.public('category page content is shown to anyone'),
      tags: ['content'],
      summary: 'One content block with its proposals',
    }),
    handler: async (request) => answer(request, await content.blockInfo(request.query.categoryBlockId)),
  });
};

export default contentRoutes;
