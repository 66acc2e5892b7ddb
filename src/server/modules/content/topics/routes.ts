import { idParam, pageQuery } from '../../../../shared/api/common.js';
import { articleList, contentPaths, topic, topicArticlesWrite, topicList, topicPatch, topicWrite } from '../../../../shared/api/content.js';
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes, paginate } from '../../../platform/http.js';
import { registerCatalogCrud } from '../catalog-crud.js';
import { addTopicArticles, createTopic, deleteTopic, getTopic, listTopics, topicArticles, updateTopic } from './service.js';

const tags = ['topics'];

export const topicRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  registerCatalogCrud(app, {
    tags,
    collectionPath: contentPaths.topics,
    itemPath: contentPaths.topic,
    singular: 'a topic',
    summaries: {
      list: 'Topics, paginated, by sort order then name',
      delete: 'Delete a topic; its articles stay (staff)',
    },
    schemas: { item: topic, list: topicList, listQuery: pageQuery, write: topicWrite, patch: topicPatch },
    service: { list: listTopics, create: createTopic, get: getTopic, update: updateTopic, remove: deleteTopic },
  });

  app.get(contentPaths.topicArticles, {
    schema: { tags, summary: "Published articles of a topic, in the topic's order", params: idParam, querystring: pageQuery, response: { 200: articleList } },
    handler: async (request) => {
      const page = await topicArticles(ctx, request.params.id, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(contentPaths.topicArticles, {
    schema: { tags, summary: 'Append articles to a topic in the order given (staff)', params: idParam, body: topicArticlesWrite, response: { 200: topic } },
    handler: async (request) => {
      await requireStaff(request);
      return addTopicArticles(ctx, request.params.id, request.body.article_ids);
    },
  });
});
