import { staffEn, staffZhCN } from '../../../shared/i18n/staff.js';
import { createFeatureI18n } from '../../lib/feature-i18n.js';

/** The app's `useI18n`, knowing the back-office's own messages too (they load with these pages). */
export const useStaffI18n = createFeatureI18n({ en: staffEn, 'zh-CN': staffZhCN });

/** A file's size as staff read it: KB up to a megabyte, MB with one decimal above (none when it is 0). */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
