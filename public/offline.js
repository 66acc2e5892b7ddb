/* global window */
// Back online: load the page that was asked for. (A file, not an inline script: the CSP allows no inline script.)
window.addEventListener('online', () => window.location.reload());
