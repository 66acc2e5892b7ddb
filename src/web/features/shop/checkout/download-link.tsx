import type { OrderLine } from '../../../../shared/api/orders.js';
import { formatBytes } from '../../../lib/offline/offline-i18n.js';
import type { CheckoutT } from './checkout-i18n.js';

/**
 * The download of a paid line of a digital product: a real link (the server's answer saves the file), whose
 * text names the file and its size. Nothing for a line without one.
 */
export function DownloadLink({ line, t, lang }: { line: OrderLine; t: CheckoutT; lang: string }) {
  if (!line.download_url) return null;
  const name = line.download_name ?? line.title;
  const size = line.download_bytes === null ? '' : formatBytes(line.download_bytes, lang);
  return (
    <a className="download-link" href={line.download_url} download={name} data-line={line.id}>
      {size ? t('order.download', { name, size }) : t('order.downloadNoSize', { name })}
    </a>
  );
}
