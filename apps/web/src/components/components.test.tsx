import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openModal, closeAllModals } from '../lib/modals/modals';
import { clearToasts, showToast } from '../lib/toasts/toasts';
import { loadEnglish, meFixture, portalFixture, renderWithProviders } from '../test/render';
import { Avatar } from './avatar';
import { ErrorBlock } from './error-block';
import { Loading } from './loading';
import { ModalHost } from './modal-host';
import { Pagination } from './pagination';
import { PaymentRequired } from './payment-required';
import { Toaster } from './toaster';
import { useNavigate } from 'react-router';

beforeAll(loadEnglish);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Avatar', () => {
  it('shows initials, or the fallback name, or ?', () => {
    const { rerender } = renderWithProviders(<Avatar name="anna de vries" initialsLength={2} />);
    expect(screen.getByText('AD')).toBeInTheDocument();
    rerender(<Avatar name="" fallbackName="Bob Builder" />);
    expect(screen.getByText('B')).toBeInTheDocument();
    rerender(<Avatar name={null} />);
    expect(screen.getByText('?')).toBeInTheDocument();
  });

  it('asks for the image at width 150', () => {
    renderWithProviders(<Avatar name="Ann" url="https://cdn.example/a.png?v=2" />);
    expect(screen.getByRole('img', { name: 'Ann' })).toHaveAttribute(
      'src',
      'https://cdn.example/a.png?v=2&w=150',
    );
  });

  it('shows the online indicator within 15 minutes only', () => {
    const recent = new Date(Date.now() - 14 * 60_000).toISOString();
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    const { rerender } = renderWithProviders(<Avatar name="Ann" lastOnline={recent} />);
    expect(screen.getByTestId('online-indicator')).toHaveTextContent('Online');
    rerender(<Avatar name="Ann" lastOnline={old} />);
    expect(screen.queryByTestId('online-indicator')).not.toBeInTheDocument();
  });
});

describe('Loading', () => {
  it('steps through four messages every 12.04 s, animating the first three', () => {
    vi.useFakeTimers();
    renderWithProviders(<Loading />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(screen.getByTestId('loading-animation')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(12_040));
    expect(status).toHaveTextContent('Just a little more patience…');
    act(() => vi.advanceTimersByTime(12_040));
    expect(status).toHaveTextContent('taking longer than usual');
    expect(screen.getByTestId('loading-animation')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(12_040));
    expect(status).toHaveTextContent('Something went wrong while loading');
    expect(screen.queryByTestId('loading-animation')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(status).toHaveTextContent('Something went wrong while loading');
  });

  it('says so when the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    vi.restoreAllMocks();
  });
});

describe('Pagination', () => {
  it('is hidden at 25 results or fewer', () => {
    renderWithProviders(<Pagination total={25} page={1} size={25} onChange={() => {}} />);
    expect(screen.queryByTestId('pagination')).not.toBeInTheDocument();
  });

  it('shows the total, the page window, the page sizes, and scrolls to the top on change', async () => {
    const onChange = vi.fn();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderWithProviders(<Pagination total={320} page={7} size={25} onChange={onChange} />);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('320 results');
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByRole('button')
      .map((button) => button.textContent || button.getAttribute('aria-label'));
    expect(pages).toEqual(['Previous page', '1', '2', '5', '6', '7', '8', '9', '12', '13', 'Next page']);
    expect(screen.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    expect(onChange).toHaveBeenLastCalledWith(8, 25);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    const sizes = screen.getByLabelText('Results per page');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '75']);
    await userEvent.selectOptions(sizes, '75');
    expect(onChange).toHaveBeenLastCalledWith(1, 75);
  });
});

describe('PaymentRequired', () => {
  it('offers guests sign-in and try-free', () => {
    renderWithProviders(<PaymentRequired />, { route: '/catalog' });
    expect(screen.getByRole('heading', { name: 'Sign in or start for free' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?returnTo=%2Fcatalog',
    );
    expect(screen.getByRole('link', { name: 'Try for free' })).toHaveAttribute(
      'href',
      '/auth/login/register',
    );
  });

  it('offers subscription-model users the pricing page, remembering where they were', () => {
    renderWithProviders(<PaymentRequired />, { me: meFixture(), route: '/courses/7' });
    expect(screen.getByRole('heading', { name: 'Your subscription is not active' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View subscriptions' })).toHaveAttribute(
      'href',
      '/account/orders/pricing?returnTo=%2Fcourses%2F7',
    );
  });

  it('offers the homepage instead of the pricing page on a portal without a price list', () => {
    renderWithProviders(<PaymentRequired />, {
      me: meFixture(),
      portal: { ...portalFixture, hasPriceList: false },
      route: '/courses/7',
    });
    expect(screen.queryByRole('link', { name: 'View subscriptions' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/catalog');
  });

  it('offers other signed-in users the homepage', () => {
    renderWithProviders(<PaymentRequired />, { me: meFixture({ availableBusinessModels: ['in_plan'] }) });
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/catalog');
  });
});

describe('ErrorBlock', () => {
  it('offers go back and go home, with the texts of its kind', async () => {
    renderWithProviders(<ErrorBlock kind="forbidden" />, { me: meFixture({}, ['coach']) });
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/coach/dashboard');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });
});

describe('Toaster', () => {
  it('announces toasts: errors as alerts, others as status', () => {
    renderWithProviders(<Toaster />);
    act(() => {
      showToast({ kind: 'success', messageKey: 'logout.successful' });
      showToast({ kind: 'warning', messageKey: 'logout.timeout' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('You have been signed out.');
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    act(() => clearToasts());
  });
});

describe('ModalHost', () => {
  function GoElsewhere() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate('/elsewhere')}>
        go
      </button>
    );
  }

  it('shows the current modal and closes every modal on a route change', async () => {
    renderWithProviders(
      <>
        <ModalHost />
        <GoElsewhere />
      </>,
    );
    act(() => {
      openModal({ id: 'one', render: (close) => <button onClick={close}>first modal</button> });
      openModal({ id: 'two', render: () => <p>second modal</p> });
    });
    expect(screen.getByText('first modal')).toBeInTheDocument();
    await userEvent.click(screen.getByText('first modal'));
    expect(screen.getByText('second modal')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.queryByText('second modal')).not.toBeInTheDocument();
    closeAllModals();
  });
});
