import { categoryBlockInfoDataSchema, categoryBlockInfoQuerySchema } from '@spesa/shared/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { answer, apiResponse } from '../../plugins/envelope';
import type { ContentService } from './content.service';

/** Content of category pages: GET /category-block/info. */
const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    '/category-block/info',
    {
      config: { access: ACCESS.public('category page content is shown to anyone') },
      schema: {
        tags: ['content'],
        summary: 'One content block with its proposals',
        querystring: categoryBlockInfoQuerySchema,
        response: { 200: apiResponse(categoryBlockInfoDataSchema) },
      },
    },
    async (request) => answer(request, await content.blockInfo(request.query.categoryBlockId)),
  );
};

export default contentRoutes;
