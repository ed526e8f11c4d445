import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish, mockApi, renderWithProviders } from '../../test/render';
import { PortalBrandingForm } from './components/portal-branding-form';

beforeAll(loadEnglish);

const portal = {
  data: {
    type: 'portals',
    id: '7',
    attributes: {
      name: 'Leerpad Academy',
      base_url: null,
      information: { knowledge_base_url: null, zendesk_chat_id: null },
      parameters: [],
      theme: { primary_color: '#7148e5', secondary_color: '#212529', logo_url: null, favicon_url: null },
      business_models: ['subscription'],
      features: [],
    },
  },
};

const impact = {
  data: {
    type: 'business_model_impacts',
    id: '7',
    attributes: {
      current_business_models: ['subscription'],
      business_models: [],
      enrolled_students: 42,
      with_active_subscription: 30,
      subscription_required_now: true,
      subscription_required_after: false,
      students_asked_to_subscribe: 0,
      students_regaining_access: 12,
    },
  },
};

describe('the portal branding form', () => {
  it('warns live about a colour that fails WCAG AA and previews the chosen colours', async () => {
    mockApi(({ url }) => (url.pathname === '/api/v1/portals/7' ? { body: portal } : undefined));
    renderWithProviders(<PortalBrandingForm portalId="7" />, { route: '/admin/settings/portal' });
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    expect(screen.getByTestId('contrast-warnings')).toBeEmptyDOMElement();
    await userEvent.clear(primary);
    await userEvent.type(primary, '#9be89b');
    expect(screen.getByTestId('contrast-warnings')).toHaveTextContent(
      'The primary colour #9be89b as link text on white has contrast 1.4:1; WCAG AA needs 4.5:1.',
    );
    await userEvent.clear(primary);
    await userEvent.type(primary, '#166534');
    expect(screen.getByTestId('contrast-warnings')).toBeEmptyDOMElement();
    const preview = screen.getByTestId('branding-preview').querySelector('[style]') as HTMLElement;
    expect(preview.style.getPropertyValue('--portal-primary')).toBe('rgb(22 101 52)');
  });

  it('says what a business model switch means, saves, and shows the server refusal at its field', async () => {
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname.endsWith('/business_model_impact')) return { body: impact };
      if (method === 'PATCH')
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'THEME_CONTRAST',
                title: 'Invalid attribute',
                detail:
                  'The primary colour #7148e5 as link text on the page background has contrast 4.4:1; WCAG AA needs 4.5:1.',
                source: { pointer: '/data/attributes/theme/primary_color' },
                meta: { rule: 'primary_on_page', colour: '#7148e5', ratio: 4.4, required: 4.5 },
              },
            ],
          },
        };
      return url.pathname === '/api/v1/portals/7' ? { body: portal } : undefined;
    });
    renderWithProviders(<PortalBrandingForm portalId="7" />, { route: '/admin/settings/portal' });
    await userEvent.click(await screen.findByRole('radio', { name: /Free/ }));
    expect(await screen.findByText('42 enrolled students keep their courses and progress.')).toBeVisible();
    expect(screen.getByText('12 of them without a subscription can learn again.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const patch = await waitFor(() => {
      const sent = calls.find((call) => call.method === 'PATCH');
      expect(sent).toBeDefined();
      return sent!;
    });
    expect(patch.body).toMatchObject({
      data: {
        type: 'portals',
        id: '7',
        attributes: {
          name: 'Leerpad Academy',
          theme: { primary_color: '#7148e5', secondary_color: '#212529' },
          business_models: [],
        },
      },
    });
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await waitFor(() => expect(primary).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText(
        'The primary colour #7148e5 as link text on the page background has contrast 4.4:1; WCAG AA needs 4.5:1.',
      ),
    ).toBeVisible();
  });
});
