import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Served by the platform at /console on every tenant domain.
export default defineConfig({
  base: "/console/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: { port: 5174, proxy: { "/api": "http://127.0.0.1:3000" } },
});
