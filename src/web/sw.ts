/// <reference lib="webworker" />
import { precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

// The app shell and hashed assets; `/` is a rendered page, never the raw template.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
