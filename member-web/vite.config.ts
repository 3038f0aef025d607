import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);

/**
 * `<file>.br` beside every built script and style sheet, at brotli's best quality (issue 17): the
 * platform sends it as it is (platform/src/web/static.ts), so no visitor waits for the server to
 * compress a file on its first request after a deploy (about 0.5 s of CPU here, once per build).
 */
function precompressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "tuesday:precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.promises.readFile(path.join(outDir, file));
          if (raw.length <= 256) return;
          const out = await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
          await fs.promises.writeFile(path.join(outDir, `${file}.br`), out);
        }),
      );
    },
  };
}

/**
 * The English core texts are awaited before the first render (src/i18n/index.ts): index.html
 * preloads them with the entry instead of after it (issue 17). Other languages load on demand.
 */
function preloadEnglishTexts(): Plugin {
  return {
    name: "tuesday:preload-english-texts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        // Every file of the `core` loader of LOADERS.en (src/i18n/index.ts).
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk" && /\/src\/i18n\/(en|tenant\.en)\.ts$/.test(c.facadeModuleId?.replaceAll("\\", "/") ?? ""));
        return chunks.map((chunk) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` }, injectTo: "head" as const }));
      },
    },
  };
}

// Served by the platform at "/" on every tenant domain; `vite dev` proxies the API to a local server.
export default defineConfig({
  base: "/",
  plugins: [react(), preloadEnglishTexts(), precompressAssets()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Issue 17: every browser the app supports preloads modules natively (no polyfill), and a lazy
    // page's chunk brings its own imports: the entry carries no table of every chunk's
    // dependencies (1 KB gzipped). index.html still preloads the entry's imports. (Fetching a lazy
    // import's chunks all at once was tried: on my communities everything then arrived and ran
    // together, Lighthouse's blocking time went from 60-80 ms to 120-250 ms and its score down.)
    // Issue 17: one style sheet (7.8 KB gzipped in all) with the page: a lazy page's own sheet would
    // be fetched before its script (vite's preload waits for it), one more round trip on every
    // first signed-in page.
    cssCodeSplit: false,
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
    // Issue 17: everything the entry imports statically is one chunk, not a dozen small shared
    // ones (each file compresses on its own: one file is smaller and one request).
    // TanStack Query, i18next + react-i18next, and the signed-in start are one chunk each too (not
    // a dozen small files a signed-in page waits on; HTTP/1.1 fetches six at a time).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "initial", tags: ["$initial"] },
            // Each library in one chunk with the app module that loads it (one request, not two in a row).
            { name: "query", test: /node_modules[\\/]@tanstack[\\/](react-)?query-?|src[\\/]app[\\/]query-layer\.tsx$/ },
            { name: "i18next", test: /node_modules[\\/](react-)?i18next[\\/]|src[\\/]i18n[\\/]i18next\.ts$/ },
            // What every signed-in start loads: the member guard, the bar, and my communities, the
            // page most signed-in visits start on, with everything it imports (one request instead
            // of two; a page grouped on its own measured 93-96 in Lighthouse, this 95-96).
            { name: "signed-in", test: /src[\\/](app[\\/]member-guard|features[\\/]shell[\\/]nav-bar|features[\\/]recommendations[\\/]my-communities-page)\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/community": "http://127.0.0.1:3000", "/dev": "http://127.0.0.1:3000" },
  },
});
