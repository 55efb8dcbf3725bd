import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { onDemandComponent } from '../../../shared/ui/on-demand-component';
import { onDemandParts } from '../../deals/load-on-demand';

// The dialog and the push client are in the page's on-demand chunk (loaded when the browser is
// idle once the list shows, or when first opened).
const FollowDialog = onDemandComponent(onDemandParts, (parts) => parts.FollowDialog);

/**
 * 'Follow this search', beside the count line: opens the follow dialog on the page's address. A
 * notification opens the page on its search with '#follow': the dialog is then open at once, with
 * 'Stop notifications' for a search this device follows.
 */
export function FollowButton({ className }: { className?: string }) {
  const [query, setQuery] = useState<string | null>(() =>
    location.hash === '#follow' ? location.search : null,
  );
  const close = () => {
    setQuery(null);
    if (location.hash === '#follow') {
      history.replaceState(history.state, '', location.pathname + location.search);
    }
  };
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setQuery(location.search)}>
        Follow this search
      </Button>
      {query !== null && <FollowDialog query={query} onClose={close} />}
    </>
  );
}
