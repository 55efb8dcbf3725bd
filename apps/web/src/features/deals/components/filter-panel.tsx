import {
  dayOf,
  MY_STORES,
  OPEN_OPTIONS,
  PAGE_SIZES,
  SIZE_OPTIONS,
  sortOptions,
  TAX_OPTIONS,
  THC_OPTIONS,
  TYPE_OPTIONS,
  WEEKDAYS,
  type DayChoice,
  type Dispensary,
  type Option,
  type SortKey,
  type Weekday,
} from '@stl-deals/domain';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { SearchField } from '../../../shared/ui/search-field';
import { SelectField } from '../../../shared/ui/select-field';
import { setFavouriteStores, useFavouriteStores } from '../hooks/use-favourite-stores';
import type { ChangeOptions } from '../hooks/use-url-filters';
import {
  CATEGORY_FILTER_OPTIONS,
  DEFAULT_FILTERS,
  writeFilters,
  type Filters,
} from '../model/url-filters';
import { FavouriteStar } from './favourite-star';
import { DistanceFilter } from './on-demand';
import styles from './filter-panel.module.css';

const PAGE_SIZE_CHOICES = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

function pageSizeOf(value: string): Filters['pageSize'] | undefined {
  return PAGE_SIZES.find((size) => String(size) === value);
}

const DAY_NAME = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** 'Deals for': Today (Tuesday), Tomorrow (Wednesday), then every weekday by name. */
function dayChoices(today: Weekday | null): Array<{ value: DayChoice; label: string }> {
  const tomorrow = today ? dayOf('tomorrow', today) : null;
  return [
    { value: 'today', label: today ? `Today (${DAY_NAME(today)})` : 'Today' },
    { value: 'tomorrow', label: tomorrow ? `Tomorrow (${DAY_NAME(tomorrow)})` : 'Tomorrow' },
    ...WEEKDAYS.map((day) => ({ value: day, label: DAY_NAME(day) })),
  ];
}

/**
 * The Brand dropdown's choices: every brand, then the loaded deals' brands. A brand chosen by a
 * link that no loaded deal is of stays listed (under the key it was given) until the page has
 * settled whether it is one, so the dropdown never shows another choice than the list applies.
 */
function brandChoices(brands: ReadonlyArray<Option<string>>, chosen: string) {
  const all = [{ value: '', label: 'All brands' }, ...brands];
  return chosen === '' || brands.some((brand) => brand.value === chosen)
    ? all
    : [...all, { value: chosen, label: chosen }];
}

interface FilterPanelProps {
  filters: Filters;
  /** The Brand dropdown's choices: the loaded deals' brands (see `brandOptions`). */
  brands: ReadonlyArray<Option<string>>;
  /** The sort in effect (distance falls back to relevance until the location is known). */
  sort: SortKey;
  dispensaries: readonly Dispensary[];
  /** The one dispensary selected, or null for all: it gets a Refresh button beside the dropdown. */
  selected: Dispensary | null;
  locationKnown: boolean;
  /** The visitor's weekday when the deals were loaded, for the 'Deals for' labels. */
  today: Weekday | null;
  refreshing: boolean;
  refreshingAll: boolean;
  /** The refresh resting for the wait the service asked for: a dispensary key, or 'all'. */
  refreshWaiting: string | null;
  /** The refresh whose wait ended, announced as working again. */
  refreshLifted: string | null;
  onChange: (patch: Partial<Filters>, options?: ChangeOptions) => void;
  onRefresh: (dispensary: Dispensary) => void;
  onRefreshAll: () => void;
}

/**
 * Every control of the filter panel (spec section 2), compact: one row on wide
 * screens; on phones a sticky bar with the search and a 'Filters' button opening a sheet with
 * the rest, so deals show above the fold. Memoized: it draws again only when what it shows
 * changes, not for each list the search brings.
 */
export const FilterPanel = memo(function FilterPanel(props: FilterPanelProps) {
  const { filters, sort, dispensaries, selected, locationKnown, onChange } = props;
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) done.current?.focus();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // Every choice but the search and the page, as the URL writes them: the controls draw again
  // only when one of their choices changes (the same stores read from a new URL are the same).
  const chosen = writeFilters({ ...filters, search: '', page: 1 });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `chosen` says all the controls read
  const choices = useMemo(() => filters, [chosen]);
  const active = ACTIVE_FILTERS.filter((name) => filters[name] !== DEFAULT_FILTERS[name]).length;
  const { refreshLifted: lifted } = props;
  return (
    <section className={styles.panel} aria-labelledby="filters-heading">
      <h2 id="filters-heading" className="visually-hidden">
        Find a deal
      </h2>
      {/* Outside the sheet, which is hidden on phones while closed. */}
      <p role="status" className="visually-hidden">
        {lifted === 'all'
          ? 'You can use Refresh All again.'
          : lifted !== null && lifted === selected?.key
            ? `You can refresh ${selected.name} again.`
            : ''}
      </p>
      <div className={styles.bar}>
        <SearchField
          className={styles.search}
          label="Search Deals"
          placeholder="Search for products..."
          value={filters.search}
          onChange={(search) => onChange({ search }, { replace: true })}
        />
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={sheetId}
          onClick={() => setOpen(true)}
        >
          Filters
          {active > 0 && (
            <span className={styles.active}>
              <span className="visually-hidden"> (</span>
              {active}
              <span className="visually-hidden"> active)</span>
            </span>
          )}
        </button>
      </div>
      {open && (
        <div className={styles.backdrop} aria-hidden="true" onClick={() => setOpen(false)} />
      )}
      <div
        id={sheetId}
        className={open ? `${styles.sheet} ${styles.open}` : styles.sheet}
        {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Filters' } : {})}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) setOpen(false);
        }}
      >
        <div className={styles.sheetHead}>
          <span className={styles.sheetTitle}>Filters</span>
          <Button ref={done} variant="secondary" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
        <FilterControls
          choices={choices}
          brands={props.brands}
          sort={sort}
          dispensaries={dispensaries}
          selected={selected}
          locationKnown={locationKnown}
          today={props.today}
          refreshing={props.refreshing}
          refreshingAll={props.refreshingAll}
          refreshWaiting={props.refreshWaiting}
          refreshLifted={lifted}
          onChange={onChange}
          onRefresh={props.onRefresh}
          onRefreshAll={props.onRefreshAll}
        />
      </div>
    </section>
  );
});

/**
 * The choices the phone's 'Filters' button counts when they are not at their default: all but the
 * search (beside the button), the list's page and its size, and the stores, which 'My stores' counts.
 */
const ACTIVE_FILTERS = (Object.keys(DEFAULT_FILTERS) as Array<keyof Filters>).filter(
  (name) => !['stores', 'search', 'pageSize', 'page'].includes(name),
);

type ControlsProps = Omit<FilterPanelProps, 'filters'> & { choices: Filters };

/**
 * The panel's controls but the search: memoized apart, so a keystroke in the search draws only
 * the search box, not every dropdown (keystroke to paint).
 */
const FilterControls = memo(function FilterControls(props: ControlsProps) {
  const { choices, sort, dispensaries, selected, locationKnown, onChange } = props;
  const waiting = props.refreshWaiting;
  const sorts = sortOptions(locationKnown).map((option) => ({
    value: option.value,
    label: option.label,
    disabled: option.enabled === false,
  }));
  const brands = useMemo(
    () => brandChoices(props.brands, choices.brand),
    [props.brands, choices.brand],
  );
  // 'My stores': the favourites the dispensary list knows ('All Dispensaries' is first), offered
  // when there are some or a link chose it. A link's stores are shown whatever the favourites,
  // and those not among them are offered to keep.
  const listed = dispensaries.slice(1);
  const stored = useFavouriteStores();
  const favourites = stored.filter((key) => listed.some((d) => d.key === key));
  const mine = choices.dispensary === MY_STORES;
  const unkept = mine ? choices.stores.filter((key) => !favourites.includes(key)) : [];
  const storeChoices = dispensaries.map((d) => ({ value: d.key, label: d.name }));
  if (mine || favourites.length) {
    storeChoices.splice(1, 0, { value: MY_STORES, label: 'My stores' });
  }
  return (
    <>
      <div className={styles.dispensary}>
        <SelectField
          label="Select Dispensary"
          value={mine ? MY_STORES : (selected?.key ?? 'all')}
          choices={storeChoices}
          onChange={(dispensary) =>
            onChange({ dispensary, stores: dispensary === MY_STORES ? favourites : [] })
          }
        />
        {unkept.length > 0 && (
          <Button variant="secondary" onClick={() => setFavouriteStores([...stored, ...unkept])}>
            Keep these stores
          </Button>
        )}
        {selected && (
          <FavouriteStar store={selected.key} name={selected.name} className={styles.star} />
        )}
        {selected && (
          <Button
            variant="secondary"
            onClick={() => props.onRefresh(selected)}
            disabled={props.refreshing || waiting === selected.key}
            aria-busy={props.refreshing}
          >
            Refresh
          </Button>
        )}
      </div>
      <SelectField
        className={styles.field}
        label="Category"
        value={choices.category}
        choices={CATEGORY_FILTER_OPTIONS}
        onChange={(category) => onChange({ category })}
      />
      <SelectField
        className={styles.field}
        label="Size"
        value={choices.size}
        choices={SIZE_OPTIONS}
        onChange={(size) => onChange({ size })}
      />
      <SelectField
        className={styles.brand}
        label="Brand"
        value={choices.brand}
        choices={brands}
        onChange={(brand) => onChange({ brand })}
      />
      <SelectField
        className={styles.narrow}
        label="THC"
        value={choices.thc}
        choices={THC_OPTIONS}
        onChange={(thc) => onChange({ thc })}
      />
      <SelectField
        className={styles.narrow}
        label="Type"
        value={choices.type}
        choices={TYPE_OPTIONS}
        onChange={(type) => onChange({ type })}
      />
      <SelectField
        className={styles.field}
        label="Open"
        value={choices.open}
        choices={OPEN_OPTIONS}
        onChange={(open) => onChange({ open })}
      />
      <SelectField
        className={styles.sort}
        label="Sort By"
        value={sort}
        choices={sorts}
        onChange={(value) => onChange({ sort: value })}
      />
      <SelectField
        className={styles.field}
        label="Prices with tax"
        value={choices.tax}
        choices={TAX_OPTIONS}
        onChange={(tax) => onChange({ tax })}
      />
      <SelectField
        className={styles.field}
        label="Deals for"
        value={choices.day}
        choices={dayChoices(props.today)}
        onChange={(day) => onChange({ day })}
      />
      {locationKnown && (
        <DistanceFilter
          className={styles.field}
          value={choices.distance}
          onChange={(distance) => onChange({ distance })}
        />
      )}
      <SelectField
        className={styles.pageSize}
        label="Page size"
        value={String(choices.pageSize)}
        choices={PAGE_SIZE_CHOICES}
        onChange={(value) => {
          const pageSize = pageSizeOf(value);
          if (pageSize) onChange({ pageSize });
        }}
      />
      <Button
        className={styles.refreshAll}
        variant="accent"
        onClick={props.onRefreshAll}
        disabled={props.refreshingAll || waiting === 'all'}
        aria-busy={props.refreshingAll}
      >
        Refresh All
      </Button>
    </>
  );
});
