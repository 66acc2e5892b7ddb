/** Leaves the app for another site's page (the forum): a full navigation, replacing this page in the history. */
export function navigateAway(url: string): void {
  window.location.replace(url);
}
