import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './App';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './components/AppProviders';
import './styles.css';

// A referral link (?ref=CODE) is remembered for the sign-up; its code loads only when a link carries one.
if (new URLSearchParams(window.location.search).has('ref')) {
  void import('./lib/referral').then((m) => m.captureReferral());
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// No antd here: its theme and toasts load with the pages that use it (components/AntdLayout).
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
