import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onDemand } from '../tasks/on-demand';
import { onDemandComponent } from './on-demand-component';

interface Parts {
  Greeting: (props: { name: string }) => React.ReactNode;
}

const PARTS: Parts = { Greeting: ({ name }) => <p>Hello, {name}</p> };

/** `change` in an act that lets the promises it settles, and React's retries, run. */
const settling = (change: () => void) =>
  act(async () => {
    change();
    await Promise.resolve();
  });

/** Parts whose import the test settles by hand. */
function controlledParts() {
  let settle!: { resolve: (parts: Parts) => void; reject: (error: Error) => void };
  const source = onDemand(
    () =>
      new Promise<Parts>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { source, settle: () => settle };
}

describe('onDemandComponent', () => {
  it('shows its fallback until the module arrives, then the component', async () => {
    const { source, settle } = controlledParts();
    const Greeting = onDemandComponent(source, (parts) => parts.Greeting, <p>Waiting</p>);
    // Rendered in an async act: React's retry of a part that suspended in a sync act is lost.
    await settling(() => render(<Greeting name="Ada" />));
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await settling(() => settle().resolve(PARTS));
    // React shows a revealed fallback for a moment before it swaps it (no flicker).
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });

  it('renders at once, with no fallback, once the module has loaded', async () => {
    const { source, settle } = controlledParts();
    const loading = source.load();
    settle().resolve(PARTS);
    await loading;
    const Greeting = onDemandComponent(source, (parts) => parts.Greeting, <p>Waiting</p>);
    render(<Greeting name="Ada" />);
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });

  it('keeps its fallback, and the page around it, when the module cannot be loaded', async () => {
    const { source, settle } = controlledParts();
    const Greeting = onDemandComponent(source, (parts) => parts.Greeting);
    await settling(() =>
      render(
        <main>
          <h1>Deals</h1>
          <Greeting name="Ada" />
        </main>,
      ),
    );
    await settling(() => settle().reject(new Error('offline')));
    expect(screen.getByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    expect(screen.queryByText('Hello, Ada')).not.toBeInTheDocument();
  });
});
