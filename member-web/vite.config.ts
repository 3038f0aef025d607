import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// Served by the platform at "/" on every tenant domain; `vite dev` proxies the API to a local server.
export default defineConfig({
  base: "/",
  plugins: [react()],
  // The app's own 1 KB translation runtime stands in for react-i18next (and i18next) at run time;
  // the types stay react-i18next's (src/i18n/react.ts, issue 17).
  resolve: { alias: { "react-i18next": fileURLToPath(new URL("./src/i18n/react.ts", import.meta.url)) } },
  // Every browser the app supports preloads modules natively: no polyfill in the entry (issue 17).
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) } },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/community": "http://127.0.0.1:3000", "/dev": "http://127.0.0.1:3000" },
  },
});
