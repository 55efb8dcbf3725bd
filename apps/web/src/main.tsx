import { marketDay } from '@stl-deals/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { suppressExtensionErrors } from './app/suppress-extension-errors';
import { browserServices } from './shared/services';

suppressExtensionErrors();
// Outside the US Central zone, the cards' market day comes from Intl, whose first zoned format
// loads the browser's time zone data: about 70 ms on a phone. Here it is a task of its own while
// the deals are on their way, not a part of the long task that draws the first cards.
setTimeout(() => marketDay(Date.now(), undefined));

const root = document.getElementById('root');
if (!root) throw new Error('The page needs an element with id "root".');
// The first render as a transition: React renders it in slices of a few milliseconds, yielding
// to the browser between them, where a plain render is one long task (Total Blocking
// Time on a phone). The static header in index.html is on screen meanwhile.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers services={browserServices()} queryClient={createQueryClient()}>
        <App />
      </Providers>
    </StrictMode>,
  );
});
