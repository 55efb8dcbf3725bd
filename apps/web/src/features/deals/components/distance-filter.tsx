import { DISTANCE_OPTIONS, type DistanceRadius } from '@stl-deals/domain';
import { SelectField } from '../../../shared/ui/select-field';

interface DistanceFilterProps {
  className?: string;
  value: DistanceRadius;
  onChange: (distance: DistanceRadius) => void;
}

/**
 * The Distance Filter (spec section 2), offered once the visitor's location is known: loaded with
 * the page's on-demand parts, which have arrived by the time a location has.
 */
export function DistanceFilter({ className, value, onChange }: DistanceFilterProps) {
  return (
    <SelectField
      className={className}
      label="Distance Filter"
      value={value}
      choices={DISTANCE_OPTIONS}
      onChange={onChange}
    />
  );
}
