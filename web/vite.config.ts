// Vite build of the dashboard: web/ is the root, the bundle lands in web/dist, which the API server serves at /.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

// Vite reads the default export of its config file.
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    // Hashed file names let the server cache assets for a year and index.html not at all.
    assetsDir: 'assets',
    sourcemap: true,
  },
  server: {
    // `npm run dev:web`: the dashboard with hot reload, talking to an API started with `npm run dev`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
