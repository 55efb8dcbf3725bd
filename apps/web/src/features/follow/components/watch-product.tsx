import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { onDemandComponent } from '../../../shared/ui/on-demand-component';
import { onDemandParts } from '../../deals/load-on-demand';

// The dialog and the push and email clients are in the page's on-demand chunk, with the follow
// dialog's (loaded when the browser is idle once the list shows, or when first opened).
const WatchDialog = onDemandComponent(onDemandParts, (parts) => parts.WatchDialog);

interface WatchProductProps {
  /** The product's key across stores (a deal's `productKey`). */
  productKey: string;
  /** The product as its deal names it; null when no deal of it is listed. */
  name: string | null;
  className?: string;
}

/**
 * 'Watch this product', in the dialogs a card opens (the product at every store, a deal's price
 * history): opens the watch dialog over them. The browser returns focus to this button when the
 * watch dialog closes.
 */
export function WatchProduct({ productKey, name, className }: WatchProductProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Watch this product
      </Button>
      {open && <WatchDialog productKey={productKey} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
