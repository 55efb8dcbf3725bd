import type { Potency } from '../contract/deal';
import { decimalText } from './number-text';

/**
 * The card's potency: 'THC 24%', a range 'THC 20–24%' (en dash), a package's 'THC 100 mg'. One
 * decimal at most ('THC 24.1%'), none for mg; a range whose ends round alike reads as one figure.
 */
export function potencyText(name: 'THC' | 'CBD', potency: Potency): string {
  const digits = potency.unit === '%' ? 1 : 0;
  const shown = (value: number) => decimalText(value, digits).replace(/\.0$/, '');
  const min = shown(potency.min);
  const max = shown(potency.max);
  const figure = min === max ? max : `${min}–${max}`;
  return `${name} ${figure}${potency.unit === '%' ? '%' : ' mg'}`;
}
