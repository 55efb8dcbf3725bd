import type { CategoryFilter, TimeZone } from '@stl-deals/domain';
import type { DealListModel } from '../hooks/use-deal-list';
import type { Activity } from '../model/activity';
import { DealList } from './deal-list';
import { LoadingPanel } from './loading-panel';
import { ErrorPanel, NoticeBar } from './on-demand';

export type ResultsView = { kind: 'error'; error: string } | { kind: 'loading' } | { kind: 'list' };

interface ResultsAreaProps {
  view: ResultsView;
  activity: Activity;
  firstLoadNotice: string | null;
  list: DealListModel;
  /** What the visitor chose to list, the page number aside (see `DealList`). */
  shown: string;
  unreached: string | null;
  categoryFilter: CategoryFilter;
  timeZone: TimeZone;
  onRetry: () => void;
  onDismissNotice: () => void;
  onPage: (page: number) => void;
  onSearch: (search: string) => void;
}

/**
 * Exactly one of the loading panel, the error panel and the deal list (spec section 2); over the
 * list, a failed refresh's notice, which leaves the list usable.
 */
export function ResultsArea(props: ResultsAreaProps) {
  const { view, activity } = props;
  if (view.kind === 'error') {
    return (
      <ErrorPanel error={view.error} background={activity.background} onRetry={props.onRetry} />
    );
  }
  if (view.kind === 'loading') {
    return <LoadingPanel activity={activity} firstLoadNotice={props.firstLoadNotice} />;
  }
  return (
    <>
      {activity.notice && <NoticeBar notice={activity.notice} onDismiss={props.onDismissNotice} />}
      <DealList
        list={props.list}
        shown={props.shown}
        unreached={props.unreached}
        categoryFilter={props.categoryFilter}
        timeZone={props.timeZone}
        onPage={props.onPage}
        onSearch={props.onSearch}
      />
    </>
  );
}
