/* global window, document */
// The offline page holds both languages: keep the reader's, as the site chose it (its `lang` cookie), else as
// the browser asks. Loaded in the head, so the choice (an attribute the page's style reads) is made before
// the first paint. A file, not an inline script: the pages' policy allows no inline script.
(() => {
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie);
  const chosen = cookie ? decodeURIComponent(cookie[1]) : '';
  const asked = (window.navigator.languages && window.navigator.languages[0]) || window.navigator.language || '';
  const lang = chosen === 'zh-CN' || chosen === 'en' ? chosen : /^zh\b/i.test(asked) ? 'zh-CN' : 'en';
  document.documentElement.lang = lang;
  document.documentElement.dataset.lang = lang;
  document.title = lang === 'zh-CN' ? '离线' : 'Offline';
  document.addEventListener('DOMContentLoaded', () => {
    for (const button of document.querySelectorAll('[data-retry]')) button.addEventListener('click', () => window.location.reload());
  });
  // Back online: load the page that was asked for (only when the browser says so: an `online` event can come
  // while it still has no connection, and a reload then would cancel the reader's own tap on a link).
  window.addEventListener('online', () => {
    if (window.navigator.onLine) window.location.reload();
  });
})();
