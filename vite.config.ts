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
        codeSplitting: {
          groups: [
            // The libraries the first screen (/auth, and the frame of every other) runs on, in
            // one file: '$initial' is what the entry imports statically, after tree-shaking.
            // Left to itself the bundler splits them into some 20 shared chunks, and a phone on
            // a slow network fetches them six at a time, a round trip per six (cold /auth on
            // Fast 3G 3.9 s; in one file 2.8 s).
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // The rest of the component library, which signed-in screens use (menus, dialogs,
            // popovers, steps), in a second file the first screen never fetches. Libraries only
            // a few screens use (recharts, react-markdown, zxcvbn, qrcode, zod for most forms)
            // load with those screens.
            {
              name: 'vendor-app',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|lucide-react|@internationalized)[\\/]/,
              priority: 1,
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
