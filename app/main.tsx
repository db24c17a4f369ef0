import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../renderer/styles/index.css';
import './styles/app.css';
import { appServices } from './app-services';
import { AppRoutes } from './router';
import { SessionProvider } from './session';

const { api, tokens } = appServices();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider api={api} tokens={tokens}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
