import { shellPreferences, SHELL_BOOT_ID } from './app-shell.js';

/*
 * The app shell's boot data, written by the page itself: the shell is the site's document with an empty root and
 * no server data (lib/offline/app-shell.ts), served by the worker for a page seen on this device but not kept as
 * HTML. What the server reads from the request to render a page (the reader's language and colour mode, from their
 * cookies, else the browser's languages) the page reads here, so the app renders the page in the reader's language
 * and restores the query answers kept in it (they are kept per language). Small: it runs in the entry chunk.
 */

type Lang = 'en' | 'zh-CN';

/** The server's choice (`pickLanguage`): the language cookie when valid, else the browser's first zh or en language. */
export function shellLanguage(cookieLang: string | undefined, languages: readonly string[]): Lang {
  if (cookieLang === 'en' || cookieLang === 'zh-CN') return cookieLang;
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

const COLOR_MODES = ['light', 'dark', 'system'];

/**
 * On the shell (a document without boot data), writes boot data holding only the reader's language and colour
 * mode, and sets them on the document: the app then renders instead of hydrating, as with no server data at all.
 * A page the server rendered is left as it is.
 */
export function prepareShell(doc: Document, nav: Pick<Navigator, 'languages' | 'language'>): void {
  if (doc.getElementById(SHELL_BOOT_ID)) return;
  const prefs = shellPreferences(doc.cookie);
  const lang = shellLanguage(prefs.lang, nav.languages?.length ? nav.languages : [nav.language]);
  const colorMode = prefs.colorMode && COLOR_MODES.includes(prefs.colorMode) ? prefs.colorMode : 'system';
  doc.documentElement.lang = lang;
  doc.documentElement.dataset.colorMode = colorMode;
  const boot = doc.createElement('script');
  boot.type = 'application/json';
  boot.id = SHELL_BOOT_ID;
  boot.textContent = JSON.stringify({ lang, colorMode });
  doc.body.appendChild(boot);
}
