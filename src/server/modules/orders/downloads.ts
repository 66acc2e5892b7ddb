import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { API_PREFIX } from '../../../shared/api/common.js';
import { ordersPaths, type OrderStatus } from '../../../shared/api/orders-paths.js';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, NotFound } from '../../platform/errors.js';
import { expiryAfter, urlSigner } from '../../platform/signed-urls.js';
import { documentFile, documentSummaries } from '../admin/documents-service.js';
import { documentsOfProducts } from '../shop/catalogue-service.js';
import { findLine, findOrder } from './repo.js';

/*
 * A paid order's digital products deliver their file through a link signed for its line: the link works without
 * a login (a plain `<a download>`), until it expires or the order stops being paid. The file itself stays in the
 * private document library.
 */

/** Links are the same all hour and live one to two hours; reading the order again gives a fresh one. */
export const DOWNLOAD_LINK_PERIOD_SECONDS = 3600;
/** Orders whose buyer has the goods: their downloads work. */
const PAID: ReadonlySet<OrderStatus> = new Set(['paid', 'fulfilled']);

const signerOf = (ctx: AppContext) => urlSigner(ctx.config.secretKey, 'order-download');
export const downloadPath = (lineId: number) => `${API_PREFIX}${ordersPaths.orderlineDownload.replace(':id', String(lineId))}`;

interface LineRef {
  id: number;
  order_id: number;
  product_id: number | null;
  product_class: string;
}

/** A line's download: the signed link, and the name and size of the file it saves. */
export interface LineDownload {
  url: string;
  name: string;
  bytes: number;
}

/**
 * The download of each line that delivers a file: a digital product that has its document, in an order that
 * `statusOf` says is paid or fulfilled. Lines without one are not in the map.
 */
export async function downloadLinks(ctx: AppContext, db: Kysely<Database>, lines: LineRef[], statusOf: (orderId: number) => OrderStatus | undefined, nowSeconds = Date.now() / 1000): Promise<Map<number, LineDownload>> {
  const paid = (orderId: number) => {
    const status = statusOf(orderId);
    return status !== undefined && PAID.has(status);
  };
  const candidates = lines.filter((l) => l.product_class === 'digital' && l.product_id !== null && paid(l.order_id));
  if (candidates.length === 0) return new Map();
  const documents = await documentsOfProducts(db, [...new Set(candidates.map((l) => l.product_id!))]);
  const files = await documentSummaries(db, [...new Set(documents.values())]);
  const exp = expiryAfter(nowSeconds, DOWNLOAD_LINK_PERIOD_SECONDS);
  const signer = signerOf(ctx);
  const result = new Map<number, LineDownload>();
  for (const line of candidates) {
    const file = files.get(documents.get(line.product_id!) ?? 0);
    if (!file) continue;
    const pathname = downloadPath(line.id);
    result.set(line.id, { url: `${pathname}?exp=${exp}&sig=${signer.signatureOf(pathname, exp)}`, name: file.file_name, bytes: file.bytes });
  }
  return result;
}

/**
 * The file behind a download link, checked again now: the signature of this very path (403 when forged, altered
 * or expired), the order still paid (403 once refunded or cancelled), and the product still delivering a file.
 */
export async function openDownload(ctx: AppContext, pathname: string, lineId: number, exp: string, sig: string): Promise<{ body: Readable; file_name: string; content_type: string; bytes: number }> {
  if (!signerOf(ctx).isValid(pathname, exp, sig)) throw new Forbidden('This download link is not valid or has expired; open the order again for a fresh link.');
  const db = ctx.db.kysely;
  const line = await findLine(db, lineId);
  const order = line && (await findOrder(db, line.order_id));
  if (!line || !order) throw new NotFound('Download');
  if (!PAID.has(order.status)) throw new Forbidden(`Order ${order.number} is ${order.status}, no longer paid: its downloads are closed.`);
  const documentId = line.product_id === null ? undefined : (await documentsOfProducts(db, [line.product_id])).get(line.product_id);
  const file = documentId === undefined ? null : await documentFile(ctx, documentId);
  if (!file) throw new NotFound('Download');
  return file;
}
