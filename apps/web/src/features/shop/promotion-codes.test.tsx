import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toaster';
import { clearToasts } from '../../lib/toasts/toasts';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { PromotionCodes } from './components/promotion-codes';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const code = (id: string, value: string, kind: string, redeemed: boolean) => ({
  type: 'subscription_promotions',
  id,
  attributes: {
    code: value,
    description: kind === 'referral' ? '10% off when a colleague joins' : 'First month free',
    kind,
    redeemed,
    redeemed_at: redeemed ? '2026-01-02T09:00:00.000Z' : null,
    created_at: '2026-01-01T09:00:00.000Z',
  },
});

function codesApi() {
  return mockApi(({ url }) => {
    if (url.pathname !== '/api/v1/accounts/2/subscription_promotions') return undefined;
    const unusedOnly = url.searchParams.get('filter[redeemed]') === 'false';
    const data = [code('2', 'FRIEND10', 'referral', false), code('1', 'WELCOME2026', 'promotion', true)];
    const shown = unusedOnly ? data.filter((item) => !item.attributes.redeemed) : data;
    return { body: { data: shown, meta: { total: shown.length, last_page: 1 } } };
  });
}

const renderCodes = () =>
  renderWithProviders(
    <>
      <PromotionCodes accountId="2" />
      <Toaster />
    </>,
    { me: meFixture() },
  );

describe("a student's promotion and referral codes", () => {
  it('lists the unused codes of their own account, and the used ones on request', async () => {
    const { calls } = codesApi();
    renderCodes();
    const card = await screen.findByTestId('promotion-code');
    expect(within(card).getByText('FRIEND10')).toBeInTheDocument();
    expect(within(card).getByText('Referral code')).toBeInTheDocument();
    expect(screen.queryByText('WELCOME2026')).not.toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('filter[redeemed]')).toBe('false');

    await userEvent.click(screen.getByLabelText('Show used codes too'));
    expect(await screen.findByText('WELCOME2026')).toBeInTheDocument();
    const used = screen.getAllByTestId('promotion-code')[1]!;
    expect(within(used).getByText('Used')).toBeInTheDocument();
    // A used code is not offered for copying or sharing.
    expect(within(used).queryByRole('button')).not.toBeInTheDocument();
  });

  it('copies a code to the clipboard and says so in a toast', async () => {
    codesApi();
    renderCodes();
    const writeText = vi.fn(async () => undefined);
    await screen.findByText('FRIEND10');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy code FRIEND10' }));
    expect(writeText).toHaveBeenCalledWith('FRIEND10');
    expect(await screen.findByText('Code FRIEND10 copied.')).toBeInTheDocument();
  });

  it("shares through the device's share sheet when there is one, else by e-mail", async () => {
    codesApi();
    const { unmount } = renderCodes();
    const mail = await screen.findByRole('link', { name: 'Share code FRIEND10 by e-mail' });
    const href = decodeURIComponent(mail.getAttribute('href') ?? '');
    expect(href).toMatch(
      /^mailto:\?subject=Join me on Test Academy&body=Sign up at Test Academy with my code FRIEND10/,
    );
    expect(href).toContain('http://localhost/auth/login/register');
    unmount();

    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderCodes();
    await userEvent.click(await screen.findByRole('button', { name: 'Share code FRIEND10' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Join me on Test Academy',
        text: expect.stringContaining('FRIEND10'),
      }),
    );
    Reflect.deleteProperty(navigator, 'share');
  });
});
