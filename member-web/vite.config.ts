import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === "chunk" && c.facadeModuleId?.replaceAll("\\", "/").endsWith("/src/i18n/en.ts"));
        return chunk ? [{ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` }, injectTo: "head" }] : [];
      },
    },
  };
}

// Served by the platform at "/" on every tenant domain; `vite dev` proxies the API to a local server.
export default defineConfig({
  base: "/",
  plugins: [react(), preloadEnglishTexts()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Issue 17: every browser the app supports preloads modules natively (no polyfill), and a lazy
    // page's chunk brings its own imports: the entry carries no table of every chunk's
    // dependencies (1 KB gzipped). index.html still preloads the entry's imports. (Fetching a lazy
    // import's chunks all at once was tried: on my communities everything then arrived and ran
    // together, Lighthouse's blocking time went from 60-80 ms to 120-250 ms and its score down.)
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
            { name: "query", test: /node_modules[\\/]@tanstack[\\/](react-)?query-?/ },
            { name: "i18next", test: /node_modules[\\/](react-)?i18next[\\/]/ },
            // What every signed-in start loads before its page: the member guard and the bar.
            { name: "signed-in", test: /src[\\/](app[\\/]member-guard|features[\\/]shell[\\/]nav-bar)\.tsx?$/ },
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
