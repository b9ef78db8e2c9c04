// First, before any module builds a schema: zod without its eval probe, which our CSP forbids.
import '@app/common/jitless';
import './styles/entry-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { preloadHttp } from './lib/api-client';
import { readSession } from './lib/session';

// A returning signed-in visitor needs the HTTP module for the screen's first request: fetch it alongside
// the screen's code rather than after it.
if (readSession()) preloadHttp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
