import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deal, DISPENSARIES } from '../../test/fixtures';
import { installModalDialog } from '../../test/modal-dialog';
import { renderPage } from '../../test/render-page';
import { serve, server } from '../../test/server';
import {
  productFeedUrl,
  readTargetPrice,
  readWatches,
  writeWatches,
} from './model/watched-product';

beforeAll(installModalDialog);
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const PRODUCT = 'flower|blue dream|3.5g';
const [swade, greenlight] = DISPENSARIES.map((d) => ({
  dispensary: d.name,
  dispensaryKey: d.key,
}));
const FEED = [
  deal({
    id: 'dutchie:swade:product:bd',
    title: 'Blue Dream flower eighth',
    price: '$30.00',
    salePrice: 30,
    productKey: PRODUCT,
    ...swade,
  }),
  deal({
    title: 'Blue Dream 3.5g at Greenlight',
    price: '$28.00',
    salePrice: 28,
    productKey: PRODUCT,
    ...greenlight,
  }),
];

const ACCEPTED =
  'If the address takes mail, a confirmation link is on its way to it. Nothing else is sent until it is followed.';

/** The page on the product's comparison (its shared link), with its watch dialog open. */
async function openWatchDialog() {
  serve({ deals: FEED });
  const { user } = renderPage({ query: `?product=${encodeURIComponent(PRODUCT)}` });
  const comparison = await screen.findByRole('dialog', { name: 'Blue Dream 3.5g at Greenlight' });
  await user.click(within(comparison).getByRole('button', { name: 'Watch this product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Watch this product' });
  return { user, comparison, dialog };
}

function serveEmail() {
  const signUps: unknown[] = [];
  server.use(
    http.get('/api/email', () =>
      HttpResponse.json({ enabled: true, cadences: ['instant', 'daily'] }),
    ),
    http.post('/api/email/watches', async ({ request }) => {
      signUps.push(await request.json());
      return HttpResponse.json({ message: ACCEPTED }, { status: 202 });
    }),
  );
  return signUps;
}

/** A browser that can be notified: a service worker, a push manager and permission given. */
function pushCapableBrowser() {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: 'BPk', auth: 'c2VjcmV0' },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: () => Promise.resolve('granted'),
  });
  const registration = {
    pushManager: { subscribe: () => Promise.resolve({ toJSON: () => subscription }) },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
  });
  return subscription;
}

afterEach(() => {
  if (Object.getOwnPropertyDescriptor(navigator, 'serviceWorker')) {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  }
});

describe('a target price', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['30', 30],
    ['$29.99', 29.99],
    ['$ 12.5', 12.5],
    ['.5', 0.5],
    ['30.', 30],
    ['0', 'invalid'],
    ['-3', 'invalid'],
    ['abc', 'invalid'],
    ['1e3', 'invalid'],
    ['12.345', 'invalid'],
    ['30,00', 'invalid'],
    ['2000000', 'invalid'],
  ])('%j is %j', (typed, dollars) => {
    expect(readTargetPrice(typed)).toBe(dollars);
  });

  it("names the product's feed", () => {
    expect(productFeedUrl(PRODUCT, 'https://deals.example')).toBe(
      'https://deals.example/feeds/product.atom?product=flower%7Cblue+dream%7C3.5g',
    );
  });
});

describe('product watches kept in the browser', () => {
  it('round-trips, and drops damaged or foreign entries', () => {
    writeWatches(localStorage, new Map([[PRODUCT, { id: 'w1', token: 't1', atMost: 30 }]]));
    expect(readWatches(localStorage).get(PRODUCT)).toEqual({ id: 'w1', token: 't1', atMost: 30 });
    localStorage.setItem(
      'stl-deals:watches',
      JSON.stringify({
        a: { id: 'x', token: 't', atMost: -1 },
        b: { id: 'x', token: 't' },
        c: { id: 'y', token: 'u', atMost: null },
      }),
    );
    expect([...readWatches(localStorage)]).toEqual([['c', { id: 'y', token: 'u', atMost: null }]]);
    localStorage.setItem('stl-deals:watches', '[not json');
    expect(readWatches(localStorage).size).toBe(0);
  });
});

describe("'Watch this product'", () => {
  it('opens over the comparison with the product, its feed, and no email when the service sends none', async () => {
    const { comparison, dialog } = await openWatchDialog();
    expect(dialog).toHaveTextContent('Blue Dream 3.5g at Greenlight');
    expect(within(dialog).getByRole('link', { name: /feed \(Atom\)/ })).toHaveAttribute(
      'href',
      `${location.origin}/feeds/product.atom?product=flower%7Cblue+dream%7C3.5g`,
    );
    expect(within(dialog).getByLabelText('At or below (optional)')).toHaveValue('');
    // jsdom has no service workers: the button rests and the reason is shown.
    expect(within(dialog).getByRole('button', { name: 'Notify me on this device' })).toBeDisabled();
    expect(dialog).toHaveTextContent('This browser cannot show notifications from a web page.');
    await waitFor(() => expect(within(dialog).queryByLabelText('Email address')).toBeNull());
    expect(within(dialog).queryByRole('button', { name: 'Email me' })).toBeNull();
    // Escape in the watch dialog is its own: the comparison under it stays open.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(comparison).toBeInTheDocument();
    expect(location.search).toContain('product=');
  });

  it('is offered from a deal’s price history too', async () => {
    serve({ deals: FEED });
    server.use(
      http.get('/api/deals/:id/history', () =>
        HttpResponse.json({
          id: FEED[0]!.id,
          dispensaryKey: swade!.dispensaryKey,
          points: [{ day: '2025-06-04', salePrice: 30, regularPrice: 35, onDeal: true }],
        }),
      ),
    );
    const { user } = renderPage();
    await screen.findByText(/^Found \d+ deals?/);
    await user.click(
      screen.getByRole('button', { name: 'Price history of Blue Dream flower eighth' }),
    );
    const history = await screen.findByRole('dialog', { name: 'Price history' });
    await user.click(within(history).getByRole('button', { name: 'Watch this product' }));
    expect(await screen.findByRole('dialog', { name: 'Watch this product' })).toHaveTextContent(
      'Blue Dream flower eighth',
    );
  });

  it('refuses a target that is no price, then signs an address up at or below it', async () => {
    const signUps = serveEmail();
    const { user, dialog } = await openWatchDialog();
    const price = within(dialog).getByLabelText('At or below (optional)');
    await user.type(price, 'cheap');
    await user.type(await within(dialog).findByLabelText('Email address'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Email me' }));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(
      'Give a price in dollars, like 30 or 29.99, or leave it empty for any price.',
    );
    expect(price).toHaveFocus();
    expect(signUps).toEqual([]);

    await user.clear(price);
    await user.type(price, '$29.99');
    expect(price).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(dialog).getByRole('radio', { name: 'In one digest a day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Email me' }));
    expect(
      await within(dialog).findByText(`Check your inbox to confirm. ${ACCEPTED}`),
    ).toBeInTheDocument();
    expect(signUps).toEqual([
      { email: 'me@example.com', cadence: 'daily', product: { key: PRODUCT, atMost: 29.99 } },
    ]);
  });

  it("shows the service's refusal of an email sign-up in its own words", async () => {
    serveEmail();
    server.use(
      http.post('/api/email/watches', () =>
        HttpResponse.json(
          {
            error: 'ServiceUnavailable',
            message:
              'The service takes no more email addresses for now. The feed link works meanwhile.',
          },
          { status: 503 },
        ),
      ),
    );
    const { user, dialog } = await openWatchDialog();
    await user.type(await within(dialog).findByLabelText('Email address'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Email me' }));
    expect(
      await within(dialog).findByText(
        'The service takes no more email addresses for now. The feed link works meanwhile.',
      ),
    ).toBeInTheDocument();
  });

  it('watches the product on this device and remembers it', async () => {
    const subscription = pushCapableBrowser();
    let subscribed: unknown;
    server.use(
      http.get('/api/push/key', () =>
        HttpResponse.json({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa' }),
      ),
      http.post('/api/push/subscriptions', async ({ request }) => {
        subscribed = await request.json();
        return HttpResponse.json({ id: 'watch-1', token: 'secret' }, { status: 201 });
      }),
    );
    const { user, dialog } = await openWatchDialog();
    await user.type(within(dialog).getByLabelText('At or below (optional)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Notify me on this device' }));
    expect(
      await within(dialog).findByText(
        'Done: this device will be notified when this product is on deal at or below $30.',
      ),
    ).toBeInTheDocument();
    expect(subscribed).toEqual({ subscription, product: { key: PRODUCT, atMost: 30 } });
    expect(readWatches(localStorage).get(PRODUCT)).toEqual({
      id: 'watch-1',
      token: 'secret',
      atMost: 30,
    });
    expect(within(dialog).getByRole('button', { name: 'Stop watching' })).toBeEnabled();
  });

  it("offers 'Stop watching' for a product this device watches, and stops it", async () => {
    writeWatches(
      localStorage,
      new Map([[PRODUCT, { id: 'watch-1', token: 'secret', atMost: 30 }]]),
    );
    let deleted: { id: string; auth: string | null } | undefined;
    server.use(
      http.delete('/api/push/subscriptions/:id', ({ request, params }) => {
        deleted = { id: String(params.id), auth: request.headers.get('authorization') };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, dialog } = await openWatchDialog();
    expect(dialog).toHaveTextContent(
      'This device is notified when this product is on deal at or below $30.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stop watching' }));
    expect(
      await within(dialog).findByText(
        'Stopped: no more notifications for this product on this device.',
      ),
    ).toBeInTheDocument();
    expect(deleted).toEqual({ id: 'watch-1', auth: 'Bearer secret' });
    expect(readWatches(localStorage).has(PRODUCT)).toBe(false);
    expect(
      within(dialog).getByRole('button', { name: 'Notify me on this device' }),
    ).toBeInTheDocument();
  });
});
