import { idParam, pageQuery } from '../../../../shared/api/common.js';
import { articleList, contentPaths, topic, topicArticlesWrite, topicList, topicPatch, topicWrite } from '../../../../shared/api/content.js';
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes, paginate } from '../../../platform/http.js';
import { addTopicArticles, createTopic, deleteTopic, getTopic, listTopics, topicArticles, updateTopic } from './service.js';

const tags = ['topics'];

export const topicRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.topics, {
    schema: { tags, summary: 'Topics, paginated, by sort order then name', querystring: pageQuery, response: { 200: topicList } },
    handler: async (request) => {
      const page = await listTopics(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(contentPaths.topics, {
    schema: { tags, summary: 'Create a topic (staff)', body: topicWrite, response: { 201: topic } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return reply.status(201).send(await createTopic(ctx, request.body));
    },
  });

  app.get(contentPaths.topic, {
    schema: { tags, summary: 'A topic', params: idParam, response: { 200: topic } },
    handler: async (request) => getTopic(ctx, request.params.id),
  });

  app.put(contentPaths.topic, {
    schema: { tags, summary: 'Replace a topic (staff)', params: idParam, body: topicWrite, response: { 200: topic } },
    handler: async (request) => {
      await requireStaff(request);
      return updateTopic(ctx, request.params.id, request.body);
    },
  });

  app.patch(contentPaths.topic, {
    schema: { tags, summary: 'Change some fields of a topic (staff)', params: idParam, body: topicPatch, response: { 200: topic } },
    handler: async (request) => {
      await requireStaff(request);
      return updateTopic(ctx, request.params.id, request.body);
    },
  });

  app.delete(contentPaths.topic, {
    schema: { tags, summary: 'Delete a topic; its articles stay (staff)', params: idParam },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteTopic(ctx, request.params.id);
      return reply.status(204).send();
    },
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
