import { staffEn, staffZhCN } from '../../../../shared/i18n/staff.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';
import { opsEn } from './ops-messages-en.js';
import { opsZhCN } from './ops-messages-zh.js';

export type { OpsKey } from './ops-messages-en.js';

/** The app's `useI18n`, knowing the back office's messages and the operations screens' own (loaded with them). */
export const useOpsI18n = createFeatureI18n({ en: { ...staffEn, ...opsEn }, 'zh-CN': { ...staffZhCN, ...opsZhCN } });
