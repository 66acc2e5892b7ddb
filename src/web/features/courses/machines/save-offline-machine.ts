/** The save machine is shared by courses and articles: it lives in lib/offline. */
export * from '../../../lib/offline/save-offline-machine.js';
