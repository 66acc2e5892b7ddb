/** English messages. Keys are shared with zh-CN; a missing key is a type error there. */
export const en = {
  'site.tagline': 'Read, learn and shop in one place.',
  'nav.home': 'Home',
  'nav.topics': 'Topics',
  'nav.search': 'Search',
  'nav.about': 'About',
  'nav.skip': 'Skip to content',
  'nav.menu': 'Menu',
  'error.notFoundTitle': 'Page Not Found',
  'error.notFound': 'Page Not Found: {path}',
  'error.serverTitle': 'Internal Server Error',
  'error.forbiddenTitle': 'Forbidden',
  'error.forbidden': 'You do not have permission to open this page.',
  'error.backHome': 'Back to the home page',
  'http.network': 'Network Error',
  'http.aborted': 'Request aborted',
  'http.timeout': 'timeout of {ms}ms exceeded',
  'http.status': 'Request failed with status code {status}',
  'colorMode.label': 'Colour mode',
  'colorMode.light': 'Light',
  'colorMode.dark': 'Dark',
  'colorMode.system': 'System',
  'language.label': 'Language',
  'update.available': 'A new version is available.',
  'update.reload': 'Reload',
  'offline.notice': 'You are offline. Pages you have opened before still work.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
