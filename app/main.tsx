import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../renderer/styles/index.css';
import './styles/app.css';
import { AppRoutes } from './router';
import { SessionProvider } from './session';
import { reportUncaughtErrors } from './report-error';

reportUncaughtErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
