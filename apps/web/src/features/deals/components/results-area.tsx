import type { CategoryFilter } from '@stl-deals/domain';
import type { DealListModel } from '../hooks/use-deal-list';
import type { Activity } from '../model/activity';
import { DealList } from './deal-list';
import { ErrorPanel } from './error-panel';
import { LoadingPanel } from './loading-panel';

export type ResultsView = { kind: 'error'; error: string } | { kind: 'loading' } | { kind: 'list' };

interface ResultsAreaProps {
  view: ResultsView;
  activity: Activity;
  firstLoadNotice: string | null;
  list: DealListModel;
  categoryFilter: CategoryFilter;
  onRetry: () => void;
  onPage: (page: number) => void;
  onClearSearch: () => void;
}

/** Exactly one of the loading panel, the error panel and the deal list (spec section 2). */
export function ResultsArea(props: ResultsAreaProps) {
  const { view } = props;
  if (view.kind === 'error') return <ErrorPanel error={view.error} onRetry={props.onRetry} />;
  if (view.kind === 'loading') {
    return <LoadingPanel activity={props.activity} firstLoadNotice={props.firstLoadNotice} />;
  }
  return (
    <DealList
      list={props.list}
      categoryFilter={props.categoryFilter}
      onPage={props.onPage}
      onClearSearch={props.onClearSearch}
    />
  );
}
