import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, languageQuery } from '../../../../shared/api/content.js';
import { topic, topicArticlesWrite, topicList, topicListQuery, topicPatch, topicWrite } from '../../../../shared/api/content-catalogue.js';
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes } from '../../../platform/http.js';
import { registerCatalogArea } from '../catalog-crud.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { addTopicArticles, createTopic, deleteTopic, getTopic, listTopics, topicArticles, updateTopic } from './service.js';

const tags = ['topics'];

export const topicRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  registerCatalogArea(app, {
    tags,
    collectionPath: contentPaths.topics,
    itemPath: contentPaths.topic,
    singular: 'a topic',
    summaries: {
      list: 'Topics, paginated, by sort order then name',
      delete: 'Delete a topic; its articles stay (staff)',
    },
    schemas: { item: topic, list: topicList, listQuery: topicListQuery, write: topicWrite, patch: topicPatch },
    service: { list: listTopics, create: createTopic, get: getTopic, update: updateTopic, remove: deleteTopic },
    articles: {
      id: { path: contentPaths.topicArticles, summary: "Published articles of a topic, in the topic's order", list: topicArticles },
    },
  });

  app.post(contentPaths.topicArticles, {
    schema: { tags, summary: 'Append articles to a topic in the order given (staff)', params: idParam, querystring: languageQuery, body: topicArticlesWrite, response: { 200: topic } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return addTopicArticles(ctx, request.params.id, request.body.article_ids, requestLanguage(request, reply));
    },
  });
});
