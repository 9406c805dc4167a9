import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // The libraries every screen stands on, in one file. Left to itself the bundler
            // splits them into some 20 shared chunks, and a phone on a slow network fetches
            // them six at a time, one round trip per six: cold /auth on Fast 3G took 3.9 s,
            // with them in one file 2.8 s (for 23 KB more, as Chakra parts of later screens
            // come along). Libraries only some screens use (recharts, react-markdown, zxcvbn,
            // qrcode) still load with those screens.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@chakra-ui|@emotion|@ark-ui|@zag-js|@tanstack|@trpc|superjson|copy-anything|is-what|wouter|regexparam|mitt|zod|formik|lodash-es|deepmerge|react-fast-compare|hoist-non-react-statics|tiny-warning|zod-formik-adapter|lucide-react|stylis|@floating-ui|@internationalized|@swc|proxy-compare|@pandacss|react-is)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/trpc': 'http://localhost:5000',
      '/uploads': 'http://localhost:5000',
    },
  },
});
