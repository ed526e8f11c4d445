import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Button } from '../components/button';
import { ModalFrame } from '../components/modal';
import { ModalHost } from '../components/modal-host';
import { loadEnglish, renderWithProviders } from '../test/render';
import { closeAllModals, openModal } from './modals/modals';
import { resetPageFocus, usePageFocus } from './page-focus';

beforeAll(loadEnglish);
beforeEach(resetPageFocus);
afterEach(() => act(() => closeAllModals()));

/** A layout like the app's: a menu outside <main>, the page inside it. */
function Layout({ children }: { children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  usePageFocus(main);
  return (
    <>
      <nav>
        <Link to="/first">First</Link>
        <Link to="/second">Second</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/own">Own</Link>
      </nav>
      <main ref={main} id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** A page whose title shows once its data is there. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Slow page</h1> : <p aria-busy="true">Loading</p>;
}

/** A page that puts the focus in its content itself. */
function OwnFocusPage() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <h1>Own page</h1>
      <input ref={field} aria-label="Search" />
    </>
  );
}

function renderApp(route = '/first') {
  return renderWithProviders(
    <Layout>
      <Routes>
        <Route path="/first" element={<h1>First page</h1>} />
        <Route path="/second" element={<h1>Second page</h1>} />
        <Route path="/slow" element={<SlowPage />} />
        <Route path="/own" element={<OwnFocusPage />} />
      </Routes>
    </Layout>,
    { route },
  );
}

describe('the focus after a route change', () => {
  it('stays where the browser puts it on the first page of a visit', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves to the new page’s title, which can take focus only by script', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Second' }));
    const title = screen.getByRole('heading', { level: 1, name: 'Second page' });
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('tabindex', '-1');
  });

  it('waits for the title of a page that is still loading', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.getByRole('link', { name: 'Slow' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Slow page' })).toHaveFocus());
  });

  it('leaves the focus where the new page put it', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Own' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('leaves the focus where the person moved it while the page was loading', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    await userEvent.tab();
    const moved = document.activeElement;
    await screen.findByRole('heading', { name: 'Slow page' });
    expect(document.activeElement).toBe(moved);
  });
});

describe('the focus after a dialog', () => {
  function Opener() {
    return (
      <Button
        onClick={() =>
          openModal({
            id: 'dialog',
            render: (close) => (
              <ModalFrame title="A dialog" onClose={close}>
                <button type="button">Inside</button>
              </ModalFrame>
            ),
          })
        }
      >
        Open the dialog
      </Button>
    );
  }

  it('returns to what opened it, after Escape and after Close', async () => {
    renderWithProviders(
      <>
        <main id="main">
          <h1>Page</h1>
          <Opener />
        </main>
        <ModalHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open the dialog' });
    await userEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'A dialog' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('goes to the page’s title when what opened it is gone', async () => {
    function Vanishing() {
      const [shown, setShown] = useState(true);
      return shown ? (
        <button
          type="button"
          onClick={() => {
            openModal({
              id: 'dialog',
              render: (close) => <ModalFrame title="A dialog" onClose={close} />,
            });
            setShown(false);
          }}
        >
          Menu item
        </button>
      ) : null;
    }
    renderWithProviders(
      <>
        <main id="main">
          <h1>Page</h1>
          <Vanishing />
        </main>
        <ModalHost />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menu item' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Page' })).toHaveFocus());
  });
});

describe('a button at work', () => {
  it('keeps the focus and refuses a second press until the work is done', async () => {
    let presses = 0;
    function Saving() {
      const [loading, setLoading] = useState(false);
      return (
        <Button
          loading={loading}
          onClick={() => {
            presses++;
            setLoading(true);
          }}
        >
          Save
        </Button>
      );
    }
    renderWithProviders(<Saving />);
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(save).toHaveFocus();
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(save);
    expect(presses).toBe(1);
  });
});
