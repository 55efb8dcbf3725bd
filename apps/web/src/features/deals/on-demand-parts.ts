// What the page loads on first use, in one chunk (see `onDemandParts`): the visitor's actions
// (Refresh, Refresh All, Retry Connection), the page's background retries and the first cache
// load's auto-refresh rounds, what is shown only after a failure, a location or inside a closed
// disclosure, the follow and product watch dialogs, the shopper search, the pagination bar (under
// the first page of cards), the stores' hours the cards say and the service worker's offline
// copies. None of it is needed to paint the first list.

export { autoRefreshDeals } from './api/auto-refresh';
export { backgroundAttempt, retryConnection } from './api/connection-recovery';
export { heldDealsOf } from './api/held-deals';
export { refreshAll, refreshOne } from './api/refresh-actions';
export { DistanceFilter } from './components/distance-filter';
export { ErrorPanel } from './components/error-panel';
export { fetchDealsFailedMessage } from './model/action-messages';
export { NoticeBar } from './components/notice-bar';
export { Pagination } from './components/pagination';
export { TroubledSources } from './components/troubled-sources';
export { default as FollowDialog } from '../follow/components/follow-dialog';
export { default as WatchDialog } from '../follow/components/watch-dialog';
export { pricesWithTax } from '@stl-deals/domain';
export { shopperSearch } from './model/shopper-search';
export { didYouMean } from './components/did-you-mean';
export { ListCompanions } from './components/list-companions';
