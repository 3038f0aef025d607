import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Served by the platform at "/" on every tenant domain; `vite dev` proxies the API to a local server.
export default defineConfig({
  base: "/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/community": "http://127.0.0.1:3000", "/dev": "http://127.0.0.1:3000" },
  },
});
