import type { FastifyRequest } from 'fastify';
import { idParam, pageQuery } from '../../../../shared/api/common.js';
import { contentPaths } from '../../../../shared/api/content.js';
import { submission, submissionList, submissionNote } from '../../../../shared/api/content-readers.js';
import { privateCaller } from '../../../platform/auth.js';
import { Invalid, PayloadTooLarge, UnsupportedMediaType } from '../../../platform/errors.js';
import { listAnswer, moduleRoutes } from '../../../platform/http.js';
import { createSubmission, getSubmission, listOwnSubmissions, type Upload } from './service.js';

const tags = ['submissions'];

/** The multipart plugin's limit errors, as answers naming the field. */
function limitError(request: FastifyRequest, err: unknown): unknown {
  const { RequestFileTooLargeError, FilesLimitError } = request.server.multipartErrors;
  if (err instanceof RequestFileTooLargeError) {
    return new PayloadTooLarge(`The file is larger than ${request.server.ctx.config.uploadMaxBytes} bytes.`, 'file');
  }
  if (err instanceof FilesLimitError) return Invalid.field('file', 'Send one file at a time.');
  return err;
}

/**
 * Reads the `file` part and the optional `note` field in whichever order the form sends them (`parts()`,
 * not `file()`, which only sees fields placed before the file). The plugin's limits (one file of at most
 * uploadMaxBytes) hold while reading.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new UnsupportedMediaType('Send the file as multipart/form-data.', 'file');
  let file: { filename: string; data: Buffer } | undefined;
  let note = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw Invalid.field('file', `Send the file in the "file" field, not "${part.fieldname}".`);
        file = { filename: part.filename, data: await part.toBuffer() };
      } else if (part.fieldname === 'note') {
        const parsed = submissionNote.safeParse(part.value);
        if (!parsed.success) throw Invalid.field('note', parsed.error.issues[0].message);
        note = parsed.data;
      }
    }
  } catch (err) {
    throw limitError(request, err);
  }
  if (!file) throw Invalid.field('file', 'Choose a file to send.');
  return { ...file, note };
}

export const submissionRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.post(contentPaths.submissionFile, {
    schema: {
      tags,
      summary: 'Send a file for editorial review (multipart: file, optional note); PDF, DOCX, Markdown, text, PNG, JPEG, WebP',
      consumes: ['multipart/form-data'],
      response: { 201: submission },
    },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => reply.status(201).send(await createSubmission(ctx, await privateCaller(request, reply), await readUpload(request))),
  });

  app.get(contentPaths.submissionFile, {
    schema: { tags, summary: "The caller's submissions, newest first (staff: everyone's)", querystring: pageQuery, response: { 200: submissionList } },
    handler: async (request, reply) => listAnswer(request, ctx.config.publicUrl, await listOwnSubmissions(ctx, await privateCaller(request, reply), request.query)),
  });

  app.get(contentPaths.submission, {
    schema: { tags, summary: 'One submission (its submitter or staff)', params: idParam, response: { 200: submission } },
    handler: async (request, reply) => getSubmission(ctx, await privateCaller(request, reply), request.params.id),
  });
});
