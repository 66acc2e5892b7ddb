import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/api/common.js';
import {
  addRecipientBody,
  campaign,
  campaignCreate,
  campaigns,
  genRecipientListBody,
  listIdQuery,
  mailChoices,
  mailChoicesWrite,
  newslettersPaths,
  recipient,
  recipientList,
  recipientLists,
  suppression,
  suppressionCreate,
  suppressions,
  template,
  templateDetails,
  templateIdQuery,
  templates,
  templateWrite,
  unsubscribeParams,
  uploadRecipientListBody,
} from '../../../shared/api/newsletters.js';
import { paths } from '../../../web/app/paths.js';
import { requireStaff, requireUser } from '../../platform/auth.js';
import { API_PREFIX, moduleRoutes, privateResponse } from '../../platform/http.js';
import { campaignsList, createCampaign, getCampaign, sendCampaign } from './campaign-service.js';
import { addSuppression, mailChoicesOf, setMailChoices, suppressionList } from './choices-service.js';
import { addRecipient, downloadList, generateList, recipientLists as listsOf, uploadList } from './lists-service.js';
import { defineSendJob } from './send-job.js';
import { changeTemplate, createTemplate, templateDetails as detailsOf, templatesExport, templatesList } from './templates-service.js';
import { inspectUnsubscribe, applyUnsubscribe } from './unsubscribe.js';
import { unsubscribePageHtml } from './unsubscribe-page.js';

const tags = ['newsletters'];
const staffErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** A file to save: never cached, named for what it holds. */
function attachment(reply: FastifyReply, type: string, filename: string): FastifyReply {
  return reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${filename}"`).type(type);
}

const fileName = (name: string, ext: string) => `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'list'}.${ext}`;

/**
 * Newsletters (SPEC's bulk-mail helpers under `ses`): recipient lists, templates, campaigns and the suppression
 * list for staff; a reader's own mail choices; the unsubscribe link of each message (no login: a signed token).
 */
export const newslettersRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  defineSendJob(ctx);

  app.register(
    moduleRoutes((own) => {
      // Staff calls and the reader's own choices: private answers (errors included).
      own.addHook('onRequest', async (_request, reply) => privateResponse(reply));

      own.get(newslettersPaths.recipientLists, {
        schema: { tags, summary: 'Recipient lists, newest first, with their sizes (staff)', response: { 200: recipientLists, ...staffErrors } },
        handler: async (request) => {
          await requireStaff(request);
          return listsOf(ctx);
        },
      });

      own.post(newslettersPaths.genRecipientList, {
        schema: { tags, summary: 'A recipient list from a segment: accepted, plan, expired, product or course (staff)', body: genRecipientListBody, response: { 201: recipientList, ...staffErrors } },
        handler: async (request, reply) => {
          await requireStaff(request);
          return reply.status(201).send(await generateList(ctx, request.body));
        },
      });

      own.post(newslettersPaths.uploadRecipientList, {
        schema: { tags, summary: 'A recipient list from CSV (email, name, language); every bad row named by line, nothing imported then (staff)', body: uploadRecipientListBody, response: { 201: recipientList, ...staffErrors } },
        handler: async (request, reply) => {
          await requireStaff(request);
          return reply.status(201).send(await uploadList(ctx, request.body));
        },
      });

      own.get(newslettersPaths.downloadRecipientsList, {
        schema: { tags, summary: 'A recipient list as CSV (staff)', querystring: listIdQuery, response: { ...staffErrors, 404: errorBody } },
        handler: async (request, reply) => {
          await requireStaff(request);
          const list = await downloadList(ctx, request.query.list_id);
          return attachment(reply, 'text/csv; charset=utf-8', fileName(list.name, 'csv')).send(list.csv);
        },
      });

      own.post(newslettersPaths.addRecipientDetail, {
        schema: { tags, summary: "Add a recipient to a list, or change a listed recipient's name and language (staff)", body: addRecipientBody, response: { 200: recipient, ...staffErrors } },
        handler: async (request) => {
          await requireStaff(request);
          return addRecipient(ctx, request.body);
        },
      });

      own.get(newslettersPaths.getEmailTemplates, {
        schema: { tags, summary: 'Newsletter templates, newest first (staff)', response: { 200: templates, ...staffErrors } },
        handler: async (request) => {
          await requireStaff(request);
          return templatesList(ctx);
        },
      });

      own.get(newslettersPaths.getEmailTemplatesDetails, {
        schema: { tags, summary: 'One template with its rendering in English and Chinese for a sample recipient (staff)', querystring: templateIdQuery, response: { 200: templateDetails, ...staffErrors, 404: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return detailsOf(ctx, request.query.id);
        },
      });

      own.get(newslettersPaths.downloadEmailTemplates, {
        schema: { tags, summary: 'Every template as one JSON file (staff)', response: { ...staffErrors } },
        handler: async (request, reply) => {
          await requireStaff(request);
          return attachment(reply, 'application/json; charset=utf-8', 'email-templates.json').send(JSON.stringify(await templatesExport(ctx), null, 2));
        },
      });

      own.post(newslettersPaths.templates, {
        schema: { tags, summary: 'A new template: markdown in English (required) and Chinese, with merge fields such as {{name}} (staff)', body: templateWrite, response: { 201: template, ...staffErrors } },
        handler: async (request, reply) => {
          await requireStaff(request);
          return reply.status(201).send(await createTemplate(ctx, request.body));
        },
      });

      own.put(newslettersPaths.template, {
        schema: { tags, summary: "Replace a template's name and texts; campaigns made from it keep the texts they had (staff)", params: idParam, body: templateWrite, response: { 200: template, ...staffErrors, 404: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return changeTemplate(ctx, request.params.id, request.body);
        },
      });

      own.get(newslettersPaths.campaigns, {
        schema: { tags, summary: 'Campaigns, newest first, with progress and report (staff)', response: { 200: campaigns, ...staffErrors } },
        handler: async (request) => {
          await requireStaff(request);
          return campaignsList(ctx);
        },
      });

      own.post(newslettersPaths.campaigns, {
        schema: { tags, summary: 'A draft campaign: a list and a template, or a list and an article ("send this article") (staff)', body: campaignCreate, response: { 201: campaign, ...staffErrors } },
        handler: async (request, reply) => {
          const actor = await requireStaff(request);
          return reply.status(201).send(await createCampaign(ctx, actor, request.body));
        },
      });

      own.get(newslettersPaths.campaign, {
        schema: { tags, summary: 'One campaign with its progress and report (staff)', params: idParam, response: { 200: campaign, ...staffErrors, 404: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return getCampaign(ctx, request.params.id);
        },
      });

      own.post(newslettersPaths.campaignSend, {
        schema: { tags, summary: 'Start sending a draft campaign; the send job sends it at MAIL_RATE_PER_MINUTE (staff)', params: idParam, response: { 200: campaign, ...staffErrors, 404: errorBody, 409: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return sendCampaign(ctx, request.params.id);
        },
      });

      own.get(newslettersPaths.suppressions, {
        schema: { tags, summary: 'Addresses no newsletter goes to: unsubscribed, bounced, complained (staff)', response: { 200: suppressions, ...staffErrors } },
        handler: async (request) => {
          await requireStaff(request);
          return suppressionList(ctx);
        },
      });

      own.post(newslettersPaths.suppressions, {
        schema: { tags, summary: 'Put an address on the suppression list (a complaint, a bounce reported elsewhere) (staff)', body: suppressionCreate, response: { 201: suppression, ...staffErrors } },
        handler: async (request, reply) => {
          await requireStaff(request);
          return reply.status(201).send(await addSuppression(ctx, request.body.email, request.body.reason));
        },
      });

      own.get(newslettersPaths.mailChoices, {
        schema: { tags, summary: "The caller's mail choices: newsletters wanted, and in which language", response: { 200: mailChoices, 401: errorBody, 403: errorBody } },
        handler: async (request) => mailChoicesOf(ctx, await requireUser(request)),
      });

      own.put(newslettersPaths.mailChoices, {
        schema: { tags, summary: "Change the caller's mail choices; no lifts the caller's own unsubscription, no puts them on the suppression list", body: mailChoicesWrite, response: { 200: mailChoices, ...staffErrors } },
        handler: async (request) => setMailChoices(ctx, await requireUser(request), request.body),
      });
    }),
  );

  // The link of each message: no login, the token is signed. GET only shows a confirm page (mail scanners
  // follow links); POST (the page's button, or a mail client's RFC 8058 one-click) unsubscribes.
  const page = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
  const actionPath = (token: string) => `${API_PREFIX}${newslettersPaths.unsubscribe.replace(':token', encodeURIComponent(token))}`;
  const accountUrl = `${ctx.config.publicUrl}${paths.account()}`;

  app.get(newslettersPaths.unsubscribe, {
    schema: { tags, summary: 'The unsubscribe confirm page of one message (HTML, no login)', params: unsubscribeParams, response: { 404: errorBody } },
    handler: async (request, reply) => {
      const view = await inspectUnsubscribe(ctx, request.params.token);
      return page(reply).status(view.state === 'invalid' ? 404 : 200).send(unsubscribePageHtml(view, actionPath(request.params.token), accountUrl));
    },
  });

  app.post(newslettersPaths.unsubscribe, {
    schema: { tags, summary: 'Unsubscribe (RFC 8058 one-click: body List-Unsubscribe=One-Click); the link works once, then answers 410', params: unsubscribeParams, body: z.unknown().optional(), response: { 404: errorBody, 410: errorBody } },
    handler: async (request, reply) => {
      const view = await applyUnsubscribe(ctx, request.params.token);
      const status = view.state === 'done' ? 200 : view.state === 'used' ? 410 : 404;
      return page(reply).status(status).send(unsubscribePageHtml(view, actionPath(request.params.token), accountUrl));
    },
  });
});
