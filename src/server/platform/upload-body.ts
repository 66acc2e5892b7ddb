import type { FastifyRequest } from 'fastify';
import { Invalid, PayloadTooLarge } from './errors.js';

/**
 * One uploaded file: the multipart field `field`, or the whole body (an octet-stream or image/* body the route's
 * parser keeps as bytes). Over `maxBytes` is a 413 saying `tooLarge`; another multipart field (`wrongField`) or no
 * file (`missing`) is a 400 naming `field`.
 */
export async function readUploadBody(
  request: FastifyRequest,
  upload: { field: string; maxBytes: number; tooLarge: string; wrongField: string; missing: string },
): Promise<{ bytes: Buffer; filename?: string }> {
  const { field, maxBytes } = upload;
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== field) throw Invalid.field(field, upload.wrongField);
    try {
      return { bytes: await part.toBuffer(), filename: part.filename };
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLarge(upload.tooLarge, field);
      throw err;
    }
  }
  if (Buffer.isBuffer(request.body) && request.body.length > 0) return { bytes: request.body };
  throw Invalid.field(field, upload.missing);
}
