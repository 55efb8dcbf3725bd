import {
  DISTANCE_OPTIONS,
  PAGE_SIZES,
  sortOptions,
  type Dispensary,
  type SortKey,
} from '@stl-deals/domain';
import { Button } from '../../../shared/ui/button';
import { SearchField } from '../../../shared/ui/search-field';
import { SelectField } from '../../../shared/ui/select-field';
import type { ChangeOptions } from '../hooks/use-url-filters';
import { CATEGORY_FILTER_OPTIONS, type Filters } from '../model/url-filters';
import styles from './filter-panel.module.css';

const PAGE_SIZE_CHOICES = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

function pageSizeOf(value: string): Filters['pageSize'] | undefined {
  return PAGE_SIZES.find((size) => String(size) === value);
}

interface FilterPanelProps {
  filters: Filters;
  /** The sort in effect (distance falls back to relevance until the location is known). */
  sort: SortKey;
  dispensaries: readonly Dispensary[];
  /** The one dispensary selected, or null for all: it gets a Refresh button beside the dropdown. */
  selected: Dispensary | null;
  locationKnown: boolean;
  refreshing: boolean;
  refreshingAll: boolean;
  onChange: (patch: Partial<Filters>, options?: ChangeOptions) => void;
  onRefresh: (dispensary: Dispensary) => void;
  onRefreshAll: () => void;
}

/** Every control of the filter panel (spec section 2). */
export function FilterPanel(props: FilterPanelProps) {
  const { filters, sort, dispensaries, selected, locationKnown, onChange } = props;
  const sorts = sortOptions(locationKnown).map((option) => ({
    value: option.value,
    label: option.label,
    disabled: option.enabled === false,
  }));
  return (
    <section className={styles.panel} aria-labelledby="filters-heading">
      <div className={styles.top}>
        <h2 id="filters-heading" className={styles.heading}>
          Find a deal
        </h2>
        <Button
          variant="accent"
          onClick={props.onRefreshAll}
          disabled={props.refreshingAll}
          aria-busy={props.refreshingAll}
        >
          Refresh All
        </Button>
      </div>
      <div className={styles.row}>
        <div className={`${styles.wide} ${styles.dispensary}`}>
          <SelectField
            label="Select Dispensary"
            value={selected?.key ?? 'all'}
            choices={dispensaries.map((d) => ({ value: d.key, label: d.name }))}
            onChange={(dispensary) => onChange({ dispensary })}
          />
          {selected && (
            <Button
              variant="secondary"
              onClick={() => props.onRefresh(selected)}
              disabled={props.refreshing}
              aria-busy={props.refreshing}
            >
              Refresh
            </Button>
          )}
        </div>
        <SearchField
          className={styles.wide}
          label="Search Deals"
          placeholder="Search for products..."
          value={filters.search}
          onChange={(search) => onChange({ search }, { replace: true })}
        />
      </div>
      <div className={styles.row}>
        <SelectField
          label="Category"
          value={filters.category}
          choices={CATEGORY_FILTER_OPTIONS}
          onChange={(category) => onChange({ category })}
        />
        <SelectField
          label="Sort By"
          value={sort}
          choices={sorts}
          onChange={(value) => onChange({ sort: value })}
        />
        {locationKnown && (
          <SelectField
            label="Distance Filter"
            value={filters.distance}
            choices={DISTANCE_OPTIONS}
            onChange={(distance) => onChange({ distance })}
          />
        )}
        <SelectField
          label="Page size"
          value={String(filters.pageSize)}
          choices={PAGE_SIZE_CHOICES}
          onChange={(value) => {
            const pageSize = pageSizeOf(value);
            if (pageSize) onChange({ pageSize });
          }}
        />
      </div>
    </section>
  );
}
