import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/resources/me';
import { PING_QUERY_KEY } from '../../lib/session/keys';
import { clearToasts, useToasts } from '../../lib/toasts/toasts';
import { loadEnglish, mockApi, renderWithProviders } from '../../test/render';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { RegisterConfirmPage } from './pages/register-confirm-page';
import { RegisterPage } from './pages/register-page';
import { SignInPage } from './pages/sign-in-page';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const meDocument = {
  data: {
    type: 'me',
    id: '3',
    attributes: { roles: ['coach'], available_business_models: ['subscription'] },
    relationships: { account: { data: { type: 'accounts', id: '3' } } },
  },
  included: [{ type: 'accounts', id: '3', attributes: { full_name: 'Carla Coach', roles: ['coach'] } }],
  meta: { features: ['review-tickets'], unread_notifications: 4 },
};

function ToastCount() {
  const toasts = useToasts();
  return <span data-testid="toasts">{toasts.map((toast) => toast.messageKey).join(',')}</span>;
}

describe('sign in', () => {
  it('validates with the rule engine before sending anything', async () => {
    const { calls } = mockApi(() => undefined);
    renderWithProviders(<SignInPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('This field should contain a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('puts a 422 on its field, translated by code', async () => {
    mockApi(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            code: 'INVALID_CREDENTIALS',
            title: 'Invalid',
            detail: 'Wrong',
            source: { pointer: '/email' },
          },
        ],
      },
    }));
    renderWithProviders(<SignInPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ann@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address or password is not correct.')).toBeInTheDocument();
  });

  it('shows other errors as one form message', async () => {
    mockApi(() => ({
      status: 429,
      body: { errors: [{ status: '429', code: 'TOO_MANY_ATTEMPTS', title: 'Slow down' }] },
    }));
    renderWithProviders(<SignInPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ann@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('tells the visitor to try again in a few seconds when many people sign in at once', async () => {
    mockApi(() => ({
      status: 503,
      body: {
        errors: [
          {
            status: '503',
            code: 'SIGN_IN_BUSY',
            title: 'Service unavailable',
            detail: 'Many people are signing in at this moment. Please try again in a few seconds.',
          },
        ],
      },
    }));
    renderWithProviders(<SignInPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ann@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Many people are signing in at this moment. Please try again in a few seconds.',
    );
    expect(screen.getByLabelText('E-mail address')).toHaveValue('ann@example.test');
  });

  it('stores the signed-in user in the session on success', async () => {
    const { calls } = mockApi(() => ({ body: meDocument }));
    const { client } = renderWithProviders(<SignInPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('E-mail address'), ' carla@example.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'leerpad-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(client.getQueryData(PING_QUERY_KEY)).toMatchObject({ authenticated: true, accountId: '3' }),
    );
    expect(calls[0]?.body).toEqual({ email: 'carla@example.test', password: 'leerpad-demo' });
    expect(client.getQueryData(ME_QUERY_KEY)).toMatchObject({
      roles: ['coach'],
      account: { fullName: 'Carla Coach' },
      features: ['review-tickets'],
      unreadNotifications: 4,
    });
  });

  it('shows the logout.successful toast after signing out', () => {
    mockApi(() => undefined);
    renderWithProviders(
      <>
        <SignInPage />
        <ToastCount />
      </>,
      { route: '/auth?loggedOut=true' },
    );
    expect(screen.getByTestId('toasts')).toHaveTextContent('logout.successful');
  });
});

describe('try for free and forgot password', () => {
  it('registers with full name, e-mail, a password of 8 or more and the language on screen, then says to check the inbox', async () => {
    const { calls } = mockApi(() => ({ status: 202, body: { meta: { sent: true } } }));
    renderWithProviders(<RegisterPage />, { route: '/auth/login/register' });
    await userEvent.type(screen.getByLabelText('Full name'), 'New Person');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('This field requires at least 8 characters.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), '-and-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      full_name: 'New Person',
      email: 'new@example.test',
      password: 'short-and-longer',
    });
    expect(['en', 'nl', 'ro']).toContain((calls[0]?.body as { locale: string }).locale);
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a link to new@example.test');
  });

  it('finishes a sign-up from the e-mail link with one click, and says so when the link is spent', async () => {
    const { calls } = mockApi(() => ({
      status: 422,
      body: { errors: [{ status: '422', code: 'INVALID_TOKEN', source: { pointer: '/token' } }] },
    }));
    renderWithProviders(<RegisterConfirmPage />, { route: '/auth/register/confirm?token=abc' });
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and start' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ token: 'abc' });
    expect(await screen.findByText(/This sign-up link is invalid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm and start' })).not.toBeInTheDocument();
  });

  it('confirms a reset request without saying whether the account exists', async () => {
    mockApi(() => ({ status: 202 }));
    renderWithProviders(<ForgotPasswordPage />, { route: '/auth/password/forgot' });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'who@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for who@example.test');
  });
});
