import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { suppressExtensionErrors } from './app/suppress-extension-errors';
import { browserServices } from './shared/services';

suppressExtensionErrors();

const root = document.getElementById('root');
if (!root) throw new Error('The page needs an element with id "root".');
createRoot(root).render(
  <StrictMode>
    <Providers services={browserServices()} queryClient={createQueryClient()}>
      <App />
    </Providers>
  </StrictMode>,
);
