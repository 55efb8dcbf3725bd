import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { followedSearch } from '../model/followed-search';

// The dialog, the push client and their styles load when first opened.
const FollowDialog = lazy(() => import('./follow-dialog'));

/** 'Follow this search', beside the count line: opens the follow dialog for the page's search. */
export function FollowButton() {
  // A notification opens the page on its search with '#follow': the dialog is then open at once,
  // with 'Stop notifications' for a search this device follows.
  const [search, setSearch] = useState<string | null>(() =>
    location.hash === '#follow' ? followedSearch(location.search) : null,
  );
  const close = () => {
    setSearch(null);
    if (location.hash === '#follow')
      history.replaceState(history.state, '', location.pathname + location.search);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setSearch(followedSearch(location.search))}>
        Follow this search
      </Button>
      {search !== null && (
        <Suspense fallback={null}>
          <FollowDialog search={search} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
