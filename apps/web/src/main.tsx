import '@fontsource-variable/exo-2';
import '@fontsource-variable/orbitron';
import './login-styles';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { router } from './router';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount the game into.');
// The route is matched (and its beforeLoad run) before the first render, so the page is drawn once,
// not drawn pending and then redrawn synchronously when the router's state arrives (/login: at once).
// A route whose code is still on its way (the dashboard) shows its pending page after a moment. The first render
// is a transition: React builds the page in slices and lets the browser in between (no long task while
// a phone starts the app), and paints it as a whole when done.
const mount = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
const PENDING_AFTER_MS = 150;
registerServiceWorker();
void Promise.race([router.load(), new Promise((resolve) => setTimeout(resolve, PENDING_AFTER_MS))]).then(mount, mount);
