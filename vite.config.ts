import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// React Router's package exports only its development build (the same code with its developer warnings on):
// both builds take the production build beside it, where those warnings are left out.
const routerDir = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');

// DIST_DIR lets several builds live side by side (tests, benchmarks); the server reads the same variable.
const dist = process.env.DIST_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    !isSsrBuild &&
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The manifest is public/manifest.webmanifest, linked from index.html.
      manifest: false,
      injectManifest: {
        // The shell: hashed assets, icons, the manifest and the offline fallback page. The template is
        // rendered per request on the server, so index.html is never precached as a page.
        globPatterns: ['**/*.{js,css,svg,png,webp,woff2,webmanifest}', 'offline.html'],
        // The compressed copies are the same files under the same URLs: the worker fetches the plain URL.
        globIgnores: ['**/media/**', '**/*.br', '**/*.gz'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside every text file of the client (x.js.br, x.js.gz), made once here at the
    // highest settings and served in place of the file (src/server/platform/ssr/static-files.ts). Vite's own
    // manifest is read by no client. The server build is not served.
    !isSsrBuild &&
    compression({
      include: /\.(?:js|mjs|css|svg|html|json|webmanifest|xml)$/,
      exclude: /(?:^|\/)\.vite\//,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
    }),
  ],
  build: isSsrBuild
    ? { outDir: `${dist}/server`, rolldownOptions: { input: 'src/server/main.ts' }, ssr: true, target: 'node20', emptyOutDir: true, sourcemap: true }
    : {
        outDir: `${dist}/client`,
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        target: 'es2022',
        // React, React Router and TanStack Query in one chunk, which every page needs: compressed together they
        // weigh less than in the pieces the pages' shared imports would otherwise cut them into. Except TanStack's
        // useQueries and useMutation with their observers, which only a few lazy pages use (the offline library, the
        // orders page): they go with those pages.
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/](?!build[\\/]modern[\\/](queriesObserver|useQueries|mutationObserver|useMutation)\.js)/ }] },
          },
        },
        // Every browser of the es2022 target preloads modules itself: no polyfill in the entry chunk. A lazy chunk
        // brings only its stylesheets along: the browser fetches its modules' imports itself (from the worker's
        // cache once installed), without the table of every chunk's file names in the app and a <link> per module.
        modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))) },
      },
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(routerDir, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(routerDir, 'dom-export.mjs') },
    ],
  },
  // The server renders with the same production build of React Router: bundled, since Node's resolution of the
  // package would load its development build, with its checks and warnings on every render. Its own
  // dependencies come along, since the versions it needs live in its own node_modules.
  ssr: { noExternal: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
}));
