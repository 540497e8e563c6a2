import '@fontsource-variable/exo-2';
import '@fontsource-variable/orbitron';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount the game into.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
