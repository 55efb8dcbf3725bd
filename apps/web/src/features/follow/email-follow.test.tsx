import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { installModalDialog } from '../../test/modal-dialog';
import { server } from '../../test/server';
import { emailCadences } from './api/email';
import { FollowButton } from './components/follow-button';

beforeAll(installModalDialog);

const ACCEPTED =
  'If the address takes mail, a confirmation link is on its way to it. Nothing else is sent until it is followed.';

/** A service with a mail server; the sign-ups it is sent are kept in `signUps`. */
function serveEmail(
  answer: () => Response = () => HttpResponse.json({ message: ACCEPTED }, { status: 202 }),
) {
  const signUps: unknown[] = [];
  server.use(
    http.get('/api/email', () =>
      HttpResponse.json({ enabled: true, cadences: ['instant', 'daily'] }),
    ),
    http.post('/api/email/watches', async ({ request }) => {
      signUps.push(await request.json());
      return answer();
    }),
  );
  return signUps;
}

async function openFollowDialog(query = '?search=zebra&category=flower&page=2') {
  window.history.replaceState(null, '', `/${query}`);
  render(<FollowButton />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Follow this search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Follow this search' });
  return { user, dialog };
}

describe('whether email is offered', () => {
  it('reads the cadences of a service that sends email, and none of one that does not', async () => {
    serveEmail();
    expect(await emailCadences()).toEqual(['instant', 'daily']);
    server.use(http.get('/api/email', () => HttpResponse.json({ enabled: false, cadences: [] })));
    expect(await emailCadences()).toBeNull();
    server.use(http.get('/api/email', () => new HttpResponse('<html>', { status: 502 })));
    expect(await emailCadences()).toBeNull();
    server.use(http.get('/api/email', () => HttpResponse.json({ enabled: true, cadences: ['x'] })));
    expect(await emailCadences()).toBeNull();
  });
});

describe('following a search by email', () => {
  it('offers no email when the service has no mail server', async () => {
    let asked = 0;
    server.use(
      http.get('/api/email', () => {
        asked += 1;
        return HttpResponse.json({ enabled: false, cadences: [] });
      }),
    );
    const { dialog } = await openFollowDialog();
    await waitFor(() => expect(asked).toBe(1));
    // The answer's body read and its (absent) email part drawn: a few turns of the event loop.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(dialog).queryByLabelText('Email address')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Email me' })).toBeNull();
    expect(dialog).not.toHaveTextContent('By email');
  });

  it('signs an address up for the search, daily, and says to confirm from the inbox', async () => {
    const signUps = serveEmail();
    const { user, dialog } = await openFollowDialog();
    const address = await within(dialog).findByLabelText('Email address');
    expect(address).toHaveAttribute('type', 'email');
    expect(address).toHaveAttribute('autocomplete', 'email');
    const often = within(dialog).getByRole('group', { name: 'How often' });
    expect(within(often).getByRole('radio', { name: /^As new deals come/ })).toBeChecked();
    await user.click(within(often).getByRole('radio', { name: 'In one digest a day' }));
    await user.type(address, ' shopper@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Email me' }));

    expect(
      await within(dialog).findByText(`Check your inbox to confirm. ${ACCEPTED}`),
    ).toBeInTheDocument();
    // The search as the feed and push follow it: without the page number, in a fixed order.
    expect(signUps).toEqual([
      { email: 'shopper@example.com', cadence: 'daily', search: 'category=flower&search=zebra' },
    ]);
  });

  it.each([
    [400, 'That is not an email address this service sends to.'],
    [429, 'At most 10 email sign-ups a day from one network; try again tomorrow.'],
    [
      503,
      'The confirmation could not be sent right now; try again later. The feed link works meanwhile.',
    ],
  ])("shows the service's refusal (%i) in its own words", async (status, message) => {
    serveEmail(() => HttpResponse.json({ error: 'Refused', message }, { status }));
    const { user, dialog } = await openFollowDialog('?category=flower');
    await user.type(await within(dialog).findByLabelText('Email address'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Email me' }));
    const said = await within(dialog).findByText(message);
    expect(said).toHaveAttribute('role', 'status');
    expect(dialog).not.toHaveTextContent('Check your inbox');
  });

  it('says when the service did not answer in words', async () => {
    serveEmail(() => new HttpResponse('Bad gateway', { status: 502 }));
    const { user, dialog } = await openFollowDialog('');
    await user.type(await within(dialog).findByLabelText('Email address'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Email me' }));
    expect(
      await within(dialog).findByText('The service refused (502). Try again later.'),
    ).toBeInTheDocument();
  });
});
