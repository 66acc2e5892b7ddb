import { z } from 'zod';
import { idParam } from '../../../shared/api/common.js';
import { courseProduct, courseProductList, courseProductListQuery, courseProductPatch, courseProductWrite, coursesPaths } from '../../../shared/api/courses.js';
import { getActor, requireStaff } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './product-service.js';
import { viewerOf } from './viewer.js';

const tags = ['courses'];

/** What purchase courses cost (public when active), written by staff: the membership products' twin. */
export const productRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(coursesPaths.courseProducts, {
    schema: { tags, summary: 'What purchase courses cost (filter: course; staff: include_inactive)', querystring: courseProductListQuery, response: { 200: courseProductList } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (request.query.include_inactive) privateResponse(reply);
      return listProducts(ctx, await viewerOf(ctx, actor), request.query);
    },
  });

  app.post(coursesPaths.courseProducts, {
    schema: { tags, summary: 'Create a product of a purchase course (staff)', body: courseProductWrite, response: { 201: courseProduct } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return reply.status(201).send(await createProduct(ctx, request.body));
    },
  });

  app.get(coursesPaths.courseProduct, {
    schema: { tags, summary: 'A course product (inactive ones: staff)', params: idParam, response: { 200: courseProduct } },
    handler: async (request) => getProduct(ctx, await viewerOf(ctx, await getActor(request)), request.params.id),
  });

  app.patch(coursesPaths.courseProduct, {
    schema: { tags, summary: 'Change a course product (staff)', params: idParam, body: courseProductPatch, response: { 200: courseProduct } },
    handler: async (request) => {
      await requireStaff(request);
      return updateProduct(ctx, request.params.id, request.body);
    },
  });

  app.delete(coursesPaths.courseProduct, {
    schema: { tags, summary: 'Delete a course product never granted (staff)', params: idParam, response: { 204: z.null().describe('No content') } },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteProduct(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
});
