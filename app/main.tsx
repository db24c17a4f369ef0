import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../ui/index.css';
import '../renderer/styles/index.css';
import './styles/app.css';
import { AppRoutes } from './router';
import { AppTracking } from './tracking/app-tracking';
import { SessionProvider } from './session';
import { reportUncaughtErrors } from './report-error';
import { addressWithoutReferralCode, keepReferralCode } from './referral-address';

reportUncaughtErrors();
keepReferralCode(location.search);
// Spec 001 §3 "Coupon customer": the kept code leaves the address at once (never in a URL analytics may read).
const cleanAddress = addressWithoutReferralCode(location.href);
if (cleanAddress !== null) history.replaceState(history.state, '', cleanAddress);

const root = createRoot(document.getElementById('root')!);
// The first render is a transition: React renders it in slices and lets the browser in between, so starting
// the app never holds the main thread for long (a default-priority render runs to the end in one task).
startTransition(() =>
  root.render(
    <StrictMode>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
          <AppTracking />
        </BrowserRouter>
      </SessionProvider>
    </StrictMode>,
  ),
);
