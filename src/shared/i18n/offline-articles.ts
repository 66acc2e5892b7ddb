/**
 * Saving articles for offline reading (the control on an article page, the articles on `/offline`), English and
 * Simplified Chinese. They load with the save control and the `/offline` page only; the button a guest sees
 * before pressing it carries its own two words (`features/content/offline/save-label.ts`).
 */
export const offlineArticlesEn = {
  'articleOffline.hint': 'Keeps this article and its images on this device, to read with no connection.',
  'articleOffline.progressText': '{done} of {total}',
  'articleOffline.update': 'This article changed since you saved it: update available.',
  'articleOffline.listUpdate': 'Update available: open it online to save the new version.',
  'articleOffline.offlineCopy': 'Your saved copy, read from this device.',
  'articleOffline.description': 'Courses and articles saved on this device: they open with no connection.',
  'articleOffline.none': 'Nothing is saved on this device yet. Use “Save for offline” on a course or an article.',
} as const;

export type OfflineArticlesMessageKey = keyof typeof offlineArticlesEn;

export const offlineArticlesZhCN: Record<OfflineArticlesMessageKey, string> = {
  'articleOffline.hint': '把这篇文章及其图片保存在本设备上，没有网络也能阅读。',
  'articleOffline.progressText': '{done}/{total}',
  'articleOffline.update': '这篇文章在你保存后已更新：有新版本。',
  'articleOffline.listUpdate': '有更新：联网打开后可保存新版本。',
  'articleOffline.offlineCopy': '你保存的副本，从本设备读取。',
  'articleOffline.description': '保存在本设备上的课程和文章：没有网络也能打开。',
  'articleOffline.none': '本设备上还没有保存任何内容。可在课程或文章页面使用“保存以离线阅读”。',
};
